import { Link } from "react-router";
import { galleryHref, listStart, TAKEN_ORDER } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

/** The gallery's orders; `null` is the list's own (no sortField in the URL): newest uploads, featured first, or an album's order. */
const GALLERY_ORDERS = [
  { label: "Newest uploads", sortField: null },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;
const FEATURED_ORDERS = [
  { label: "Featured first", sortField: null },
  { label: "Newest uploads", sortField: "uploaded_at" },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;
const ALBUM_ORDERS = [
  { label: "Album order", sortField: null },
  { label: "Newest uploads", sortField: "uploaded_at" },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;

/** A tag's, camera's or lens's page lists by date taken (TAG_ORDER on the server). */
const TAG_ORDERS = [
  { label: "Date taken", sortField: null },
  { label: "Newest uploads", sortField: "uploaded_at" },
] as const;

/** The list from its start in `sortField`'s order (null: the list's own), keeping its filter (`only`). */
function inOrder(sortField: string | null, position: string): string {
  const params = new URLSearchParams(listStart(position));
  params.delete("sortOrder");
  if (sortField === null) params.delete("sortField");
  else params.set("sortField", sortField);
  return params.toString();
}

/** The list's orders as links, so the choice works without JavaScript; the list starts over in the new order. */
export function GallerySort({ position, featured }: { position: string; featured: boolean }) {
  const { path, albumId, subset } = useGalleryScope();
  const orders =
    albumId !== undefined ? ALBUM_ORDERS : subset ? TAG_ORDERS : featured ? FEATURED_ORDERS : GALLERY_ORDERS;
  const asked = new URLSearchParams(position).get("sortField");
  // The list's own order (the gallery's newest uploads, a tag's date taken) is so whether or not the URL says so.
  const own = orders === GALLERY_ORDERS ? "uploaded_at" : orders === TAG_ORDERS ? TAKEN_ORDER : undefined;
  const current = asked === own ? null : asked;
  return (
    <nav className="gallery-sort" aria-label="Order of the photos">
      {orders.map(({ label, sortField }) => (
        <Link
          key={label}
          to={galleryHref(inOrder(sortField, position), undefined, path)}
          className="gallery-sort__option"
          aria-current={sortField === current ? "true" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

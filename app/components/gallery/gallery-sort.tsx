import { Link } from "react-router";
import { galleryHref, TAKEN_ORDER } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

/** The gallery's orders; `null` is the list's own (no sortField in the URL): newest uploads, or an album's order. */
const GALLERY_ORDERS = [
  { label: "Newest uploads", sortField: null },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;
const ALBUM_ORDERS = [
  { label: "Album order", sortField: null },
  { label: "Newest uploads", sortField: "uploaded_at" },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;

/** The list's orders as links, so the choice works without JavaScript; the list starts over in the new order. */
export function GallerySort({ position }: { position: string }) {
  const { path, albumId } = useGalleryScope();
  const orders = albumId === undefined ? GALLERY_ORDERS : ALBUM_ORDERS;
  const asked = new URLSearchParams(position).get("sortField");
  // The gallery's own order is newest uploads, whether or not the URL says so.
  const current = albumId === undefined && asked === "uploaded_at" ? null : asked;
  return (
    <nav className="gallery-sort" aria-label="Order of the photos">
      {orders.map(({ label, sortField }) => (
        <Link
          key={label}
          to={galleryHref(sortField === null ? "" : new URLSearchParams({ sortField }).toString(), undefined, path)}
          className="gallery-sort__option"
          aria-current={sortField === current ? "true" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

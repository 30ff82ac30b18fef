import { Link } from "react-router";
import { galleryHref, TAKEN_ORDER } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

const ORDERS = [
  { label: "Newest uploads", sortField: "uploaded_at" },
  { label: "Date taken", sortField: TAKEN_ORDER },
] as const;

/** The gallery's two orders as links, so the choice works without JavaScript; the list starts over in the new order. */
export function GallerySort({ position }: { position: string }) {
  const { path } = useGalleryScope();
  const current = new URLSearchParams(position).get("sortField") ?? "uploaded_at";
  return (
    <nav className="gallery-sort" aria-label="Order of the photos">
      {ORDERS.map(({ label, sortField }) => (
        <Link
          key={sortField}
          to={galleryHref(
            sortField === "uploaded_at" ? "" : new URLSearchParams({ sortField }).toString(),
            undefined,
            path,
          )}
          className="gallery-sort__option"
          aria-current={sortField === current ? "true" : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}

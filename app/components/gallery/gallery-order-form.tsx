import { buttonClass } from "~/components/ui/button";
import { GALLERY_PATH } from "~/lib/paths";

interface Props {
  order: "newest" | "featured";
}

/** The owner's choice of the gallery's own order, a plain form posted to the gallery (record 039). */
export function GalleryOrderForm({ order }: Props) {
  return (
    <form method="post" action={GALLERY_PATH} className="gallery-order-form">
      <input type="hidden" name="intent" value="gallery-order" />
      <input type="hidden" name="redirectTo" value={GALLERY_PATH} />
      <label htmlFor="gallery-order">Gallery order</label>
      <select id="gallery-order" name="galleryOrder" defaultValue={order} className="gallery-order-form__select">
        <option value="newest">Newest uploads</option>
        <option value="featured">Featured first</option>
      </select>
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        Save order
      </button>
    </form>
  );
}

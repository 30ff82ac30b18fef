import type { Album } from "~/lib/album";

/** The album's orders, as one choice: its sort and, for a date, newest or oldest first (`sort` in the form). */
const ORDERS = [
  { value: "manual", label: "My order" },
  { value: "uploaded_at:desc", label: "Newest uploads first" },
  { value: "uploaded_at:asc", label: "Oldest uploads first" },
  { value: "taken_at:desc", label: "Newest taken first" },
  { value: "taken_at:asc", label: "Oldest taken first" },
] as const;

/** The edit form's order fields: the sort, and where a photo added in manual order goes. */
export function AlbumOrderFields({ album }: { album: Pick<Album, "sort" | "sortOrder" | "addTo"> }) {
  const current = album.sort === "manual" ? "manual" : `${album.sort}:${album.sortOrder}`;
  return (
    <>
      <div className="field">
        <label htmlFor="album-sort">Order</label>
        <select id="album-sort" name="sort" defaultValue={current}>
          {ORDERS.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="album-add-to">New photos go</label>
        <select id="album-add-to" name="addTo" defaultValue={album.addTo}>
          <option value="end">At the end</option>
          <option value="start">At the start</option>
        </select>
      </div>
    </>
  );
}

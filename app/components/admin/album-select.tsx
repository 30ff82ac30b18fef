import type { AlbumChoice } from "~/components/gallery/gallery-scope";

/** "Album" for a batch of uploads: none, or one album every file of the batch goes into. Absent without albums. */
export function AlbumSelect({
  albums,
  id,
  value,
  onChange,
}: {
  albums: AlbumChoice[];
  id: string;
  value?: string;
  onChange?: (albumId: string) => void;
}) {
  if (!albums.length) return null;
  return (
    <div className="field album-select">
      <label htmlFor={id}>Album</label>
      <select
        id={id}
        name="albumId"
        value={value}
        defaultValue={value === undefined ? "" : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        <option value="">No album</option>
        {albums.map((album) => (
          <option key={album.id} value={album.id}>
            {album.name}
          </option>
        ))}
      </select>
    </div>
  );
}

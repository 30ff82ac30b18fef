import type { AlbumChoice } from "~/components/gallery/gallery-scope";
import { AlbumPrivacyHint } from "~/components/gallery/visibility";
import { isNotPublic, albumChoiceLabel } from "~/lib/album-privacy";

interface Props {
  albums: AlbumChoice[];
  id: string;
  value?: string;
  onChange?: (albumId: string) => void;
  /** Where in the album: "" (as the album puts new photos), "start" or "end". */
  position?: string;
  onPositionChange?: (position: string) => void;
}

/**
 * "Album" for a batch of uploads: none, or one album every file of the batch
 * goes into, and where in it, with the hint an unlisted or private one needs.
 * Absent without albums.
 */
export function AlbumSelect({ albums, id, value, onChange, position, onPositionChange }: Props) {
  if (!albums.length) return null;
  return (
    <div className="album-select">
      <div className="field">
        <label htmlFor={id}>Album</label>
        <select
          id={id}
          name="albumId"
          aria-describedby={albums.some(isNotPublic) ? `${id}-privacy` : undefined}
          value={value}
          defaultValue={value === undefined ? "" : undefined}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        >
          <option value="">No album</option>
          {albums.map((album) => (
            <option key={album.id} value={album.id} data-album-private={isNotPublic(album) || undefined}>
              {albumChoiceLabel(album)}
            </option>
          ))}
        </select>
      </div>
      <AlbumPrivacyHint id={`${id}-privacy`} albums={albums} />
      <div className="field">
        <label htmlFor={`${id}-position`}>Place</label>
        <select
          id={`${id}-position`}
          name="albumPosition"
          value={position}
          defaultValue={position === undefined ? "" : undefined}
          onChange={onPositionChange ? (event) => onPositionChange(event.target.value) : undefined}
        >
          <option value="">Where the album puts new photos</option>
          <option value="start">At the start</option>
          <option value="end">At the end</option>
        </select>
      </div>
    </div>
  );
}

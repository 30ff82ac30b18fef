import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";

/** Who sees a photo or an album, as the owner's forms offer it (docs/behaviour.md, "Who sees what"). */
const PHOTO_CHOICES = [
  { value: "public", label: "Public: in the gallery" },
  { value: "hidden", label: "Hidden: only in its albums" },
] as const;

const ALBUM_CHOICES = [
  { value: "public", label: "Public: listed" },
  { value: "unlisted", label: "Unlisted: anyone with its address" },
  { value: "private", label: "Private: only you and your share links" },
] as const;

const LABELS: Record<Image["visibility"] | Album["visibility"], string | null> = {
  public: null,
  hidden: "Hidden",
  unlisted: "Unlisted",
  private: "Private",
};

/**
 * A photo's Visibility (`visibility` in the form). With `albumDefault` (the
 * upload) a first choice leaves it to the album: hidden in one that is not public.
 */
export function PhotoVisibilityField({
  id,
  defaultValue,
  albumDefault = false,
  value,
  onChange,
}: {
  id: string;
  defaultValue?: Image["visibility"];
  albumDefault?: boolean;
  value?: string;
  onChange?: (visibility: string) => void;
}) {
  return (
    <div className="field visibility-field">
      <label htmlFor={id}>Visibility</label>
      <select
        id={id}
        name="visibility"
        value={value}
        defaultValue={value === undefined ? (defaultValue ?? "") : undefined}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      >
        {albumDefault ? <option value="">As the album: hidden in an unlisted or private one</option> : null}
        {PHOTO_CHOICES.map(({ value: choice, label }) => (
          <option key={choice} value={choice}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An album's Visibility (`visibility` in the form). */
export function AlbumVisibilityField({ defaultValue }: { defaultValue: Album["visibility"] }) {
  return (
    <div className="field visibility-field">
      <label htmlFor="album-visibility">Visibility</label>
      <select id="album-visibility" name="visibility" defaultValue={defaultValue}>
        {ALBUM_CHOICES.map(({ value, label }) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The owner's small mark on a hidden photo or an album that is not public; nothing for public ones. */
export function VisibilityLabel({ visibility }: { visibility: Image["visibility"] | Album["visibility"] }) {
  const label = LABELS[visibility];
  return label ? <span className={`visibility-label visibility-label--${visibility}`}>{label}</span> : null;
}

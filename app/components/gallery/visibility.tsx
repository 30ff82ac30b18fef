import type { Album } from "~/lib/album";
import { albumPrivacyHint, isNotPublic, KEEP_PUBLIC_LABEL } from "~/lib/album-privacy";
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
 * A photo's Visibility (`visibility` in the form). With `automatic` (the
 * upload, when there are albums) a first choice, so labelled, leaves it to the
 * album: hidden in one that is not public, else public.
 */
export function PhotoVisibilityField({
  id,
  defaultValue,
  automatic,
  value,
  onChange,
}: {
  id: string;
  defaultValue?: Image["visibility"];
  automatic?: string;
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
        {automatic ? <option value="">{automatic}</option> : null}
        {PHOTO_CHOICES.map(({ value: choice, label }) => (
          <option key={choice} value={choice}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The hint beside an album choice when one of the albums is unlisted or private: photos added to it are hidden from
 * public pages. With `keepPublic` it carries the opt-out's checkbox (`keepPublic` in the form); the upload's opt-out
 * is its Visibility choice instead. Server-rendered: CSS shows it only while such an album is chosen, where the
 * browser can tell (`.album-privacy-scope`, ui.css).
 */
export function AlbumPrivacyHint({
  id,
  albums,
  keepPublic = false,
}: {
  id: string;
  albums: { visibility: Album["visibility"] }[];
  keepPublic?: boolean;
}) {
  if (!albums.some(isNotPublic)) return null;
  return (
    <div className="album-privacy">
      <p id={id} className="field__hint album-privacy__hint">
        {albumPrivacyHint(keepPublic ? "checkbox" : "visibility")}
      </p>
      {keepPublic ? (
        <label className="album-privacy__keep">
          <input type="checkbox" name="keepPublic" value="1" aria-describedby={id} />
          {KEEP_PUBLIC_LABEL}
        </label>
      ) : null}
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

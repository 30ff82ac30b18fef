import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { MAX_SLUG_LENGTH } from "~/lib/slug";

interface AlbumValues {
  name: string;
  description: string;
  /** Shown as the Address field only when given: an album gets its slug from its name when created. */
  slug?: string;
}

/** An album's fields in the admin's forms, filled with its values or with what a refused post sent. */
export function AlbumFields({ values }: { values: AlbumValues }) {
  return (
    <>
      <div className="field">
        <label htmlFor="album-name">Name</label>
        <input id="album-name" name="name" required maxLength={MAX_NAME_LENGTH} defaultValue={values.name} />
      </div>
      {values.slug !== undefined ? (
        <div className="field">
          <label htmlFor="album-slug">Address</label>
          <input
            id="album-slug"
            name="slug"
            required
            maxLength={MAX_SLUG_LENGTH}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            aria-describedby="album-slug-hint"
            defaultValue={values.slug}
          />
          <p id="album-slug-hint" className="field__hint">
            /photography/albums/… in lowercase letters, digits and hyphens
          </p>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="album-description">Description</label>
        <textarea
          id="album-description"
          name="description"
          rows={3}
          maxLength={MAX_DESCRIPTION_LENGTH}
          defaultValue={values.description}
        />
      </div>
    </>
  );
}

/** A refused album form's message. */
export function AlbumError({ message }: { message: string }) {
  return (
    <p className="album-error" role="alert">
      {message}
    </p>
  );
}

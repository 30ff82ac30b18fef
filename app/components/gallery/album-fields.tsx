import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { MAX_SLUG_LENGTH } from "~/lib/slug";
import { FieldError, invalidProps } from "~/components/ui/field-error";

interface AlbumValues {
  name: string;
  description: string;
  /** Shown as the Address field only when given: an album gets its slug from its name when created. */
  slug?: string;
}

/** A refused album form: its message and the field it names (record 071). */
interface AlbumRefusal {
  message: string;
  field: string | null;
}

/**
 * An album's fields in the admin's forms, filled with its values or with what a refused post sent; the field a
 * refusal names is marked, with its message beside it.
 */
export function AlbumFields({ values, refused }: { values: AlbumValues; refused?: AlbumRefusal }) {
  const errorOf = (name: string) => (refused?.field === name ? refused.message : null);
  const nameError = errorOf("name");
  const slugError = errorOf("slug");
  const descriptionError = errorOf("description");
  return (
    <>
      <div className="field">
        <label htmlFor="album-name">Name</label>
        <input
          id="album-name"
          name="name"
          required
          maxLength={MAX_NAME_LENGTH}
          defaultValue={values.name}
          {...invalidProps(nameError, "album-name")}
        />
        <FieldError id="album-name" message={nameError} />
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
            defaultValue={values.slug}
            {...invalidProps(slugError, "album-slug", "album-slug-hint")}
          />
          <FieldError id="album-slug" message={slugError} />
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
          {...invalidProps(descriptionError, "album-description")}
        />
        <FieldError id="album-description" message={descriptionError} />
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

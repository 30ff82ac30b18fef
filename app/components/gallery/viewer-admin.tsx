import { useEffect, useRef, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { Link, useActionData, useFetcher, useLocation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { invalidProps } from "~/components/ui/field-error";
import { galleryHref, type ViewerHistoryState, type ViewerMode } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { loginHref, scriptActionHref } from "~/lib/paths";
import { useGalleryScope } from "./gallery-scope";
import { ModeLink } from "./mode-link";
import { CoverChoice, CoverConfirm } from "./viewer-cover";
import { ViewerMove } from "./viewer-move";
import { ViewerPin } from "./viewer-pin";
import { AlbumPrivacyHint, PhotoVisibilityField } from "./visibility";
import { isNotPublic, albumChoiceLabel, hiddenInNote } from "~/lib/album-privacy";
import type { action } from "~/routes/photography";
import "~/styles/viewer-admin.css";

const DELETE_QUESTION = "Are you sure you want to delete this image?";
/** The edit form's refusal, which the field it names is described by. */
const ERROR_ID = "viewer-edit";

interface Props {
  image: Image;
  mode: ViewerMode;
  position: string;
  historyState: ViewerHistoryState | undefined;
  /** The photo is in the gallery list: switching modes needs no server round trip. */
  loaded: boolean;
  onSaved: (image: Image) => void;
  onDeleted: (id: number) => void;
}

/**
 * The admin's Edit and Delete. Without JavaScript they are links to the edit
 * form (`&edit=1`) and to a confirmation step (`&confirm=delete`) whose forms
 * post to the page and are redirected back; with it, the same forms go through
 * a fetcher and the page updates the photo where it is.
 */
export function ViewerAdmin({ image, mode, position, historyState, loaded, onSaved, onDeleted }: Props) {
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const handled = useRef<typeof fetcher.data>(undefined);
  const location = useLocation();
  const modeLinkProps = { state: historyState, defaultShouldRevalidate: !loaded };
  const busy = fetcher.state !== "idle";
  const { path, albums = [], manualOrder, pinnedIds } = useGalleryScope();
  const viewHref = galleryHref(position, { image: image.id }, path);
  const listHref = galleryHref(position, undefined, path);

  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || "batch" in result || handled.current === result) return;
    handled.current = result;
    if (!result.ok) return;
    if (result.intent === "update") onSaved(result.image);
    else if (result.intent === "delete") onDeleted(result.id);
  }, [fetcher.state, fetcher.data, onSaved, onDeleted]);

  const answer = busy ? undefined : (fetcher.data ?? posted);
  // The select mode's answers are the select bar's.
  const result = answer && !("batch" in answer) ? answer : undefined;
  // A refusal before the form was read (the session ended) names no photo: it is this one's.
  const failure = result && !result.ok && (result.id === image.id || result.id === null) ? result : undefined;

  function submitInPlace(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Without redirectTo the action answers with data instead of a redirect.
    form.delete("redirectTo");
    void fetcher.submit(form, { method: "post", action: scriptActionHref(path) });
  }

  function confirmDelete(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy || !window.confirm(DELETE_QUESTION)) return;
    void fetcher.submit({ intent: "delete", id: String(image.id) }, { method: "post", action: scriptActionHref(path) });
  }

  // The input a refusal names points at the message (a tag's refusal, `tags[1]`, marks the one tags input).
  const invalid = (name: string, hintId?: string) =>
    invalidProps(failure?.field?.replace(/\[\d+\]$/, "") === name ? failure.message : null, ERROR_ID, hintId);
  const error = failure ? (
    <p className="viewer-error" id={`${ERROR_ID}-error`} role="alert">
      {failure.sessionEnded ? (
        <Link to={loginHref(location.pathname + location.search)}>{failure.message}</Link>
      ) : (
        failure.message
      )}
    </p>
  ) : null;

  const footer = (submit: string, submitClass: string) => (
    <>
      {error}
      <div className="viewer-actions">
        <button type="submit" className={submitClass} disabled={busy}>
          {submit}
        </button>
        <ModeLink to={viewHref} {...modeLinkProps} className={buttonClass({ variant: "secondary" })}>
          Cancel
        </ModeLink>
      </div>
    </>
  );

  if (mode === "edit") {
    return (
      <AdminForm
        intent="update"
        image={image}
        mode={mode}
        position={position}
        redirectTo={viewHref}
        onSubmit={submitInPlace}
        label={{ "aria-label": "Edit image" }}
        footer={footer("Save", buttonClass())}
      >
        <label htmlFor="viewer-name">Name</label>
        <input
          id="viewer-name"
          name="name"
          type="text"
          placeholder="Image name"
          defaultValue={failure?.values?.name ?? image.name}
          required
          maxLength={MAX_NAME_LENGTH}
          {...invalid("name")}
          // The admin asked to edit: focus goes to the first field, as in any dialog that opens on request.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
        />
        <label htmlFor="viewer-description">Description</label>
        <textarea
          id="viewer-description"
          name="description"
          placeholder="Image description"
          defaultValue={failure?.values?.description ?? image.description}
          maxLength={MAX_DESCRIPTION_LENGTH}
          rows={4}
          {...invalid("description")}
        />
        <label htmlFor="viewer-tags">Tags</label>
        <input
          id="viewer-tags"
          name="tags"
          type="text"
          {...invalid("tags", "viewer-tags-hint")}
          defaultValue={failure?.values?.tags ?? image.tags.join(", ")}
        />
        <p id="viewer-tags-hint" className="field__hint">
          Separated by commas.
        </p>
        <PhotoVisibilityField id="viewer-visibility" defaultValue={image.visibility} />
        {albums.length ? (
          <fieldset className="viewer-albums album-privacy-scope">
            <legend>Albums</legend>
            {albums.map((album) => (
              <label key={album.id}>
                {/* The albums listed here, ticked or not: the save changes these and leaves any added since alone. */}
                <input type="hidden" name="shownAlbumIds" value={album.id} />
                <input
                  type="checkbox"
                  name="albumIds"
                  value={album.id}
                  defaultChecked={image.albumIds.includes(album.id)}
                  data-album-private={isNotPublic(album) || undefined}
                />
                {albumChoiceLabel(album)}
              </label>
            ))}
            <AlbumPrivacyHint id="viewer-album-privacy" albums={albums} keepPublic />
          </fieldset>
        ) : null}
      </AdminForm>
    );
  }

  if (mode === "confirm-cover") {
    return <CoverConfirm image={image} position={position} modeLinkProps={modeLinkProps} />;
  }

  if (mode === "confirm-delete") {
    return (
      <AdminForm
        intent="delete"
        image={image}
        mode={mode}
        position={position}
        redirectTo={listHref}
        onSubmit={submitInPlace}
        label={{ "aria-labelledby": "viewer-delete-question" }}
        footer={footer("Delete", buttonClass({ variant: "danger" }))}
      >
        <p id="viewer-delete-question">{DELETE_QUESTION}</p>
      </AdminForm>
    );
  }

  const hiddenIn = hiddenInNote(image, albums);
  return (
    <>
      {error}
      {hiddenIn ? <p className="viewer-privacy-note">{hiddenIn}</p> : null}
      <div className="viewer-actions">
        <ModeLink
          to={galleryHref(position, { image: image.id, mode: "edit" }, path)}
          {...modeLinkProps}
          className={buttonClass()}
        >
          Edit
        </ModeLink>
        <ModeLink
          to={galleryHref(position, { image: image.id, mode: "confirm-delete" }, path)}
          {...modeLinkProps}
          className={buttonClass({ variant: "danger" })}
          onClick={confirmDelete}
          aria-disabled={busy || undefined}
        >
          Delete
        </ModeLink>
      </div>
      <CoverChoice image={image} position={position} modeLinkProps={modeLinkProps} />
      {manualOrder ? <ViewerMove imageId={image.id} viewHref={viewHref} albumSize={manualOrder.size} /> : null}
      {pinnedIds ? <ViewerPin imageId={image.id} viewHref={viewHref} pinnedIds={pinnedIds} /> : null}
    </>
  );
}

interface AdminFormProps {
  intent: "update" | "delete";
  image: Image;
  mode: ViewerMode;
  position: string;
  /** Where the server sends a browser without JavaScript after success. */
  redirectTo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  label: { "aria-label": string } | { "aria-labelledby": string };
  children: ReactNode;
  /** The message of a failed attempt, the submit button and Cancel. */
  footer: ReactNode;
}

/** Posts to the page's own URL, so a failure without JavaScript renders the same step with its message. */
function AdminForm({ intent, image, mode, position, redirectTo, onSubmit, label, children, footer }: AdminFormProps) {
  const { path } = useGalleryScope();
  return (
    <form
      method="post"
      action={galleryHref(position, { image: image.id, mode }, path)}
      className="viewer-form"
      onSubmit={onSubmit}
      {...label}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={image.id} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
      {footer}
    </form>
  );
}

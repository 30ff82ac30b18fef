import { useRef, type FormEvent } from "react";
import { Link, useActionData, useLocation } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { albumChoiceLabel, hiddenNote, isNotPublic } from "~/lib/album-privacy";
import { BATCH_OPERATIONS, isBatchAnswer, photoCount, SELECT_PARAM, type BatchFormAnswer } from "~/lib/batch";
import { useGalleryScope } from "./gallery-scope";
import { AlbumPrivacyHint } from "./visibility";
import { BATCH_FORM_ID } from "./selectable-item";
import { useCheckboxRange } from "./use-checkbox-range";

const DONE_WORDS = {
  "add-to-album": "added to the album",
  "remove-from-album": "removed from the album",
  "set-description": "given the description",
  "set-visibility": "set to",
  "edit-tags": "retagged",
  delete: "deleted",
} as const;

function doneWords(answer: Extract<BatchFormAnswer, { batch: "done" }>): string {
  return answer.visibility ? `${DONE_WORDS[answer.operation]} ${answer.visibility}` : DONE_WORDS[answer.operation];
}

function withSelect(search: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value === null) params.delete(SELECT_PARAM);
  else params.set(SELECT_PARAM, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

function Answer({ answer, here }: { answer: BatchFormAnswer; here: string }) {
  if (answer.batch === "refused") {
    return (
      <p className="select-bar__error" role="alert">
        {answer.message}
      </p>
    );
  }
  if (answer.batch === "confirm") {
    return (
      <form method="post" action={here} className="select-bar__confirm">
        <input type="hidden" name="intent" value="batch" />
        <input type="hidden" name="operation" value="delete" />
        <input type="hidden" name="confirmed" value="1" />
        {answer.ids.map((id) => (
          <input key={id} type="hidden" name="ids" value={id} />
        ))}
        <p role="alert">Delete {photoCount(answer.ids.length)}? This cannot be undone.</p>
        <Button type="submit" variant="danger">
          Delete {photoCount(answer.ids.length)}
        </Button>
        <LinkButton to={here} variant="secondary">
          Cancel
        </LinkButton>
      </form>
    );
  }
  return (
    <div role="status" className="select-bar__result">
      <p>
        {`${photoCount(answer.changed)} ${doneWords(answer)}.`}
        {answer.hidden ? ` ${hiddenNote(answer.hidden.count, answer.hidden.by)}` : null}
      </p>
      {answer.failures.length ? (
        <>
          <p>{photoCount(answer.failures.length)} could not be changed:</p>
          <ul>
            {answer.failures.map((failure) => (
              <li key={failure.id}>
                Photo {failure.id}: {failure.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * The owner's select mode: one plain form the grid's checkboxes belong to,
 * posted to the page without JavaScript as with it (the page comes back with
 * the result). The script adds shift-click ranges, "Select all on this page"
 * and the browser's own question before a delete.
 */
export function SelectBar() {
  const { albumId, albums = [] } = useGalleryScope();
  const location = useLocation();
  const posted = useActionData();
  const answer = isBatchAnswer(posted) ? posted : undefined;
  const here = location.pathname + location.search;
  const formRef = useRef<HTMLFormElement>(null);
  const { count, selectAll } = useCheckboxRange(formRef);
  const confirmed = useRef<HTMLInputElement>(null);
  const operations = BATCH_OPERATIONS.filter((one) => one.value !== "remove-from-album" || albumId !== undefined);

  function askBeforeDelete(event: FormEvent<HTMLFormElement>) {
    // Read from the form, not kept in state: what was picked before the page's scripts ran counts too (record 052).
    if (new FormData(event.currentTarget).get("operation") !== "delete") return;
    if (window.confirm(`Delete ${photoCount(count)}? This cannot be undone.`)) confirmed.current!.value = "1";
    else event.preventDefault();
  }

  // The answer stays above the bar, out of the part that follows the owner down the page.
  return (
    <>
      {answer ? (
        <div className="select-bar__answer">
          <Answer answer={answer} here={here} />
        </div>
      ) : null}
      <section className="select-bar" aria-label="Selected photos">
        <form
          id={BATCH_FORM_ID}
          ref={formRef}
          method="post"
          action={here}
          onSubmit={askBeforeDelete}
          className="album-privacy-scope"
        >
          <input type="hidden" name="intent" value="batch" />
          <input ref={confirmed} type="hidden" name="confirmed" value="" />
          <p className="select-bar__count js-only" aria-live="polite">
            {photoCount(count)} selected
          </p>
          <div className="field">
            <label htmlFor="batch-operation">With the selected photos</label>
            <select id="batch-operation" name="operation" defaultValue={BATCH_OPERATIONS[0].value}>
              {operations.map((one) => (
                <option key={one.value} value={one.value}>
                  {one.label}
                </option>
              ))}
            </select>
          </div>
          {/* Only the chosen action's field shows (gallery.css), so the bar stays short enough to stay on screen. */}
          <div className="select-bar__for select-bar__for--add-to-album">
            <div className="field">
              <label htmlFor="batch-album">Album (to add to)</label>
              <select
                id="batch-album"
                name="albumId"
                aria-describedby={albums.some(isNotPublic) ? "batch-album-privacy" : undefined}
              >
                {albums.map((album) => (
                  <option key={album.id} value={album.id} data-album-private={isNotPublic(album) || undefined}>
                    {albumChoiceLabel(album)}
                  </option>
                ))}
              </select>
            </div>
            <AlbumPrivacyHint id="batch-album-privacy" albums={albums} keepPublic />
          </div>
          <div className="field select-bar__for select-bar__for--set-description">
            <label htmlFor="batch-description">Description (to set)</label>
            <textarea id="batch-description" name="description" rows={1} />
          </div>
          <div className="field select-bar__for select-bar__for--set-visibility">
            <label htmlFor="batch-visibility">Visibility (to set)</label>
            <select id="batch-visibility" name="visibility">
              <option value="public">Public</option>
              <option value="hidden">Hidden</option>
            </select>
          </div>
          <div className="select-bar__for select-bar__for--edit-tags">
            <div className="field">
              <label htmlFor="batch-add-tags">Tags to add</label>
              <input id="batch-add-tags" name="addTags" type="text" aria-describedby="batch-tags-hint" />
            </div>
            <div className="field">
              <label htmlFor="batch-remove-tags">Tags to remove</label>
              <input id="batch-remove-tags" name="removeTags" type="text" aria-describedby="batch-tags-hint" />
            </div>
            <p id="batch-tags-hint" className="field__hint">
              Separated by commas.
            </p>
          </div>
          <div className="select-bar__actions">
            <Button type="submit">Apply to selected</Button>
            <Button type="button" variant="secondary" className="js-only" onClick={selectAll}>
              Select all on this page
            </Button>
            <Link to={withSelect(location.search, "all")} className="no-js-only">
              Select all on this page
            </Link>
            <Link to={location.pathname + withSelect(location.search, null)}>Done selecting</Link>
          </div>
        </form>
      </section>
    </>
  );
}

/** The switch into select mode: a link, so it works without JavaScript. */
export function SelectSwitch() {
  const location = useLocation();
  return (
    <LinkButton to={location.pathname + withSelect(location.search, "1")} variant="secondary" className="select-switch">
      Select
    </LinkButton>
  );
}

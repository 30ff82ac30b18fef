/**
 * The select mode's one form on the gallery and album pages: the same server
 * call as `POST /api/image/batch`, with a confirmation step before a delete
 * (the page shows it without JavaScript; with it, the browser asks first).
 */
import type { BatchFormAnswer, BatchOperation } from "~/lib/batch";
import { splitTagList } from "~/lib/tags";
import { HttpError } from "~/server/core/http-error.server";
import type { AlbumRow } from "~/server/data/schema";
import { formText } from "~/server/http/page-action.server";
import { applyBatch, parseBatch } from "~/server/photos/batch.server";

export function isBatchForm(form: FormData | undefined): boolean {
  return formText(form, "intent") === "batch";
}

export async function applyBatchForm(form: FormData, album: AlbumRow | undefined): Promise<BatchFormAnswer> {
  const ids = form.getAll("ids").map(String);
  if (!ids.length) throw new HttpError(400, "Tick at least one photo first.");
  const operation = formText(form, "operation") as BatchOperation | undefined;
  if (operation === "remove-from-album" && !album) {
    throw new HttpError(400, "Photos are removed from an album on the album's page");
  }
  const input = parseBatch({
    action: operation,
    ids,
    albumId: operation === "remove-from-album" ? album!.id : formText(form, "albumId"),
    description: formText(form, "description") ?? "",
    visibility: formText(form, "visibility"),
    keepPublic: form.has("keepPublic"),
    add: splitTagList(formText(form, "addTags") ?? ""),
    remove: splitTagList(formText(form, "removeTags") ?? ""),
  });
  if (input.action === "delete" && formText(form, "confirmed") !== "1") return { batch: "confirm", ids: input.ids };
  const outcome = await applyBatch(input);
  const failures = outcome.results.flatMap((result) => (result.ok ? [] : [{ id: result.id, message: result.message }]));
  const visibility = input.action === "set-visibility" ? input.visibility : undefined;
  const hidden = outcome.hiddenBy && { count: outcome.hidden ?? 0, by: outcome.hiddenBy };
  return { batch: "done", operation: input.action, visibility, changed: outcome.changed, hidden, failures };
}

export function batchRefusal(error: HttpError): BatchFormAnswer {
  return { batch: "refused", message: error.message };
}

/**
 * The client's selection forms on the album page (`POST
 * /photography/albums/<slug>/selection`): "Send my selection" with its note,
 * and a comment on a photo. Plain forms, sent back where they came from
 * (303), with JavaScript as without: a refusal (the count, the lock, a
 * comment too long) travels to that page as a code in its address
 * (`selection=`), which the page turns into its sentence above the hearts.
 */
import { redirect } from "react-router";
import { HttpError } from "~/server/core/http-error.server";
import { requestAccess } from "~/server/access/access.server";
import { albumBySlug } from "~/server/albums/albums.server";
import { readForm } from "~/server/http/body.server";
import { formText } from "~/server/http/page-action.server";
import { assertSameOrigin, safeRedirect } from "~/server/http/security.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { parseImageId } from "~/server/photos/image-input.server";
import { albumPath } from "~/lib/paths";
import { selectionRefusal, withSelectionRefusal, type SelectionRefusal } from "~/lib/selection";
import { setComment } from "./comments.server";
import { sendSelection } from "./selection.server";

/** The refusal's code for the page the plain form returns to, from the error a server function threw. */
export function refusalCode(error: HttpError, intent: string | undefined): SelectionRefusal | null {
  if (error.status === 429) return "busy";
  if (error.extra.locked) return "locked";
  if (error.status === 400 && intent === "send" && error.message.startsWith("note")) return "note";
  if (error.status === 400 && intent === "comment" && error.message.startsWith("comment")) return "comment";
  const code = error.extra.refusal;
  return typeof code === "string" ? selectionRefusal(code) : null;
}

export async function selectionForm(request: Request, slug: string): Promise<Response> {
  assertSameOrigin(request);
  const access = await requestAccess(request);
  const album = albumBySlug(slug, access);
  const form = await readForm(request);
  const back = withSelectionRefusal(safeRedirect(formText(form, "redirectTo"), albumPath(album.slug)), null);
  const intent = formText(form, "intent");
  try {
    switch (intent) {
      case "send":
        sendSelection(access, album.id, formText(form, "note") ?? "", siteOrigin(request));
        break;
      case "comment":
        setComment(
          access,
          album.id,
          parseImageId(formText(form, "imageId")),
          formText(form, "comment") ?? "",
          siteOrigin(request),
        );
        break;
      default:
        throw new HttpError(400, "intent must be send or comment");
    }
    return redirect(back, 303);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return redirect(withSelectionRefusal(back, refusalCode(error, intent)), 303);
  }
}

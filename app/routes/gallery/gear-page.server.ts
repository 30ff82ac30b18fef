/** The camera and lens pages' loader and action (record 078): the gallery's photos made with one, by date taken. */
import type { GearKind } from "~/lib/gear";
import { gearPath } from "~/lib/paths";
import { requestAccess } from "~/server/access/access.server";
import { HttpError } from "~/server/core/http-error.server";
import { pageError } from "~/server/http/http.server";
import { gearBySlug } from "~/server/photos/gear-pages.server";
import { toImage } from "~/server/photos/image-json.server";
import { cameraDetailsShown } from "~/server/site/site-content.server";
import { galleryPageAction, loadGalleryPage } from "./gallery-page.server";

/** The page of the camera or lens `slug`; a 404 while the site hides camera details, as for an unknown one. */
export async function loadGearPage(request: Request, kind: GearKind, slug: string) {
  try {
    if (!cameraDetailsShown())
      throw new HttpError(404, kind === "camera" ? "There is no such camera" : "There is no such lens");
    const access = await requestAccess(request);
    const { cover, ...gear } = gearBySlug({ kind, slug }, access);
    return await loadGalleryPage(request, access, { gear }, { gear, cover: toImage(cover, access) });
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms, as on /photography. */
export const gearPageAction = (request: Request, kind: GearKind, slug: string) =>
  galleryPageAction(gearPath(kind, slug))({ request });

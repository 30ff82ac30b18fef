/**
 * The gallery page's loader and the viewer's forms, shared by the whole
 * gallery (/photography) and each album's page: they differ only in the album
 * the list is limited to.
 */
import { cameraDetailsShown } from "~/server/site/site-content.server";
import { data, redirect } from "react-router";
import { listPosition } from "~/lib/gallery-url";
import { albumChoices, albumListOrder, updateAlbum } from "~/server/albums/albums.server";
import { requireAdminPage } from "~/server/auth/auth.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { HttpError } from "~/server/core/http-error.server";
import { deleteImage, updateImage } from "~/server/photos/image-store.server";
import { getImageInScope, listCount, listImages, neighbours } from "~/server/photos/images.server";
import type { Access } from "~/server/access/access.server";
import { permissionIn } from "~/server/downloads/download-access.server";
import type { AlbumRow } from "~/server/data/schema";
import { safeRedirect } from "~/server/http/security.server";
import { parseAlbumIds, parseMoveForm } from "~/server/albums/album-input.server";
import { moveImage, moveImageStep } from "~/server/albums/album-order.server";
import { parseImageId, parseImageTags, parseImageText, parsePhotoVisibility } from "~/server/photos/image-input.server";
import { splitTagList } from "~/lib/tags";
import { parseListQuery } from "~/server/photos/list-query.server";
import type { Gear } from "~/server/photos/gear.server";
import { applyBatchForm, batchRefusal, isBatchForm } from "./batch-form.server";
import { applyPinStep, galleryListOrder, galleryOrderSetting, pinnedIds } from "~/server/photos/featured-order.server";
import { parseGalleryOrderForm, parsePinStep } from "~/server/photos/featured-input.server";

/**
 * The list's page (the whole gallery's, an album's, a tag's, a camera's, a lens's or a search's), the admin's state
 * and, for `?image=`, the photo with its neighbours in this list; `extra` goes along. Only the search page's list
 * reads `q=`.
 */
export async function loadGalleryPage<Extra extends object>(
  request: Request,
  access: Access,
  { album, tagId, gear, search = false }: { album?: AlbumRow; tagId?: number; gear?: Gear; search?: boolean } = {},
  extra?: Extra,
) {
  const url = new URL(request.url);
  const position = listPosition(url.searchParams, { search });
  const params = new URLSearchParams(position);
  if (album) params.set("album", String(album.id));
  if (tagId !== undefined) params.set("tag", String(tagId));
  if (gear) params.set(gear.kind, gear.slug);
  // An album (or the gallery, by its setting) lists its photos in its own order unless the URL names another.
  const galleryOrder = album || tagId !== undefined || gear || search ? undefined : galleryOrderSetting.read();
  const query = parseListQuery(params, { album: () => albumListOrder(album!), gallery: galleryListOrder() });
  const admin = access.owner;
  const scope = { access, albumId: album?.id, tagId, gear, search: query.search, onlyFavourites: query.onlyFavourites };
  const shown = {
    page: listImages(query, access),
    total: listCount(scope),
    position,
    admin,
    showExif: cameraDetailsShown(),
    albums: admin ? albumChoices() : [],
    /** The whole gallery's order setting (null on an album's page), and its pins for the owner's controls. */
    galleryOrder: galleryOrder ?? null,
    pinnedIds: admin && galleryOrder ? pinnedIds() : null,
    /** What the request may download here: the viewer's "Download" and the album's "Download all" show by it. */
    download: permissionIn(access, album),
    /** The owner's gallery listed pinned photos first: the pins may be dragged. */
    pinsFirst: admin && galleryOrder !== undefined && query.sortField === "featured",
    ...(extra as Extra),
  };
  const imageParam = url.searchParams.get("image");
  if (imageParam === null) return { ...shown, viewer: null, missing: null };
  try {
    const id = parseImageId(imageParam);
    // A photo outside this list (another album's, or hidden from the gallery) is answered as a missing one.
    const image = getImageInScope(id, scope);
    const viewer = { image, ...neighbours(id, scope, query.sortField, query.sortOrder) };
    return { ...shown, viewer, missing: null };
  } catch (error) {
    // A link to a photo that is gone: the gallery itself, saying so, with the link's status.
    if (!(error instanceof HttpError)) throw error;
    return data({ ...shown, viewer: null, missing: error.message }, { status: error.status });
  }
}

/** The viewer's forms: the same server calls as PUT and DELETE /api/image/:id, PUT /api/album/:id and its order. */
async function applyIntent(form: FormData, album: AlbumRow | undefined) {
  if (form.get("intent") === "gallery-order") {
    if (album) throw new HttpError(400, "The gallery's order is chosen on the gallery's page");
    galleryOrderSetting.write(parseGalleryOrderForm(formText(form, "galleryOrder")));
    return { intent: "gallery-order" as const };
  }
  const id = parseImageId(formText(form, "id"));
  switch (form.get("intent")) {
    case "update": {
      const text = parseImageText({ name: formText(form, "name"), description: formText(form, "description") });
      const visibility = parsePhotoVisibility(formText(form, "visibility"));
      const tagList = formText(form, "tags");
      const tags = tagList === undefined ? undefined : parseImageTags(splitTagList(tagList));
      // Only the albums the form listed change: one added since it was drawn keeps the photo.
      const listed = form.has("shownAlbumIds") ? parseAlbumIds(form.getAll("shownAlbumIds")) : undefined;
      const albums = listed && {
        ids: parseAlbumIds(form.getAll("albumIds")),
        listed,
        keepPublic: form.has("keepPublic"),
      };
      return { intent: "update" as const, image: updateImage(id, { ...text, visibility, tags }, albums) };
    }
    case "delete":
      await deleteImage(id);
      return { intent: "delete" as const, id };
    case "cover":
      if (!album) throw new HttpError(400, "A cover is chosen on the album's page");
      updateAlbum(album.id, { coverId: id });
      return { intent: "cover" as const, id };
    case "move": {
      if (!album) throw new HttpError(400, "A photo is moved on the album's page");
      const step = parseMoveForm({ step: formText(form, "step"), position: formText(form, "position") });
      if (typeof step === "string") moveImageStep(album.id, id, step);
      else moveImage(album.id, id, step);
      return { intent: "move" as const, id };
    }
    case "pin":
      if (album) throw new HttpError(400, "A photo is pinned on the gallery's page");
      applyPinStep(id, parsePinStep(formText(form, "step")));
      return { intent: "pin" as const, id };
    default:
      throw new HttpError(400, "intent must be update, delete, cover, move, pin or gallery-order");
  }
}

/**
 * Without JavaScript the forms carry redirectTo and are sent back to the
 * photo; the page's script leaves it out and gets the result as data.
 */
export async function applyViewerForm(form: FormData, path: string, album?: AlbumRow) {
  const result = await applyIntent(form, album);
  const redirectTo = form.get("redirectTo");
  if (redirectTo !== null) return redirect(safeRedirect(redirectTo, path), 303);
  return { ok: true as const, ...result };
}

/** A refusal of the viewer's forms, shown in place with the typed values kept. */
export function viewerRefusal(error: HttpError, form: FormData | undefined) {
  const id = Number(formText(form, "id"));
  const name = formText(form, "name");
  return {
    ok: false as const,
    id: Number.isSafeInteger(id) ? id : null,
    message: error.message,
    field: error.field,
    /** The session ended under the page's script: the message links to the login form. */
    sessionEnded: error.status === 401,
    values:
      name === undefined
        ? undefined
        : { name, description: formText(form, "description") ?? "", tags: formText(form, "tags") ?? "" },
  };
}

/** The whole gallery's action: the viewer's forms and the select mode's. */
export function galleryPageAction(path: string) {
  return pageAction(
    {
      guard: requireAdminPage,
      refusal: (error, form) => (isBatchForm(form) ? batchRefusal(error) : viewerRefusal(error, form)),
    },
    async (form: FormData) =>
      isBatchForm(form) ? await applyBatchForm(form, undefined) : await applyViewerForm(form, path),
  );
}

import { data, redirect, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Gallery } from "~/components/gallery/gallery";
import { GallerySort } from "~/components/gallery/gallery-sort";
import { MissingPhoto } from "~/components/gallery/missing-photo";
import { BackLink } from "~/components/ui/back-link";
import { LinkButton } from "~/components/ui/button";
import { owner } from "~/content/owner";
import { listPosition, onlyViewerChanged, viewerImageId } from "~/lib/gallery-url";
import { ADMIN_PATH, GALLERY_FEED_PATH, GALLERY_PATH, HOME_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { isAdmin, requireAdminPage } from "~/server/auth.server";
import { readForm } from "~/server/body.server";
import { config } from "~/server/config.server";
import { HttpError, pageError } from "~/server/http.server";
import { deleteImage, updateImage } from "~/server/image-store.server";
import { getImage, listImages, neighbours } from "~/server/images.server";
import { safeRedirect } from "~/server/security.server";
import { parseImageId, parseImageText, parseListQuery } from "~/server/validation.server";
import type { Route } from "./+types/photography";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const url = new URL(request.url);
    const position = listPosition(url.searchParams);
    const query = parseListQuery(new URLSearchParams(position));
    const page = listImages(query);
    const shown = { page, position, admin: await isAdmin(request), showExif: config().showExif };
    const imageParam = url.searchParams.get("image");
    if (imageParam === null) return { ...shown, viewer: null, missing: null };
    try {
      const id = parseImageId(imageParam);
      const viewer = { image: getImage(id), ...neighbours(id, query.sortField, query.sortOrder) };
      return { ...shown, viewer, missing: null };
    } catch (error) {
      // A link to a photo that is gone: the gallery itself, saying so, with the link's status.
      if (!(error instanceof HttpError)) throw error;
      return data({ ...shown, viewer: null, missing: error.message }, { status: error.status });
    }
  } catch (error) {
    throw pageError(error);
  }
}

function formText(form: FormData | undefined, name: string): string | undefined {
  const value = form?.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The viewer's edit and delete forms: the same server calls as PUT and DELETE /api/image/:id. */
async function applyIntent(form: FormData) {
  const id = parseImageId(formText(form, "id"));
  switch (form.get("intent")) {
    case "update": {
      const text = parseImageText({ name: formText(form, "name"), description: formText(form, "description") });
      return { intent: "update" as const, image: updateImage(id, text) };
    }
    case "delete":
      await deleteImage(id);
      return { intent: "delete" as const, id };
    default:
      throw new HttpError(400, "intent must be update or delete");
  }
}

/**
 * Without JavaScript the forms carry redirectTo and are sent back to the
 * photo; the page's script leaves it out and gets the result as data. A
 * refusal is shown in place, the typed values kept.
 */
export async function action({ request }: Route.ActionArgs) {
  let form: FormData | undefined;
  try {
    await requireAdminPage(request);
    form = await readForm(request);
    const result = await applyIntent(form);
    const redirectTo = form.get("redirectTo");
    if (redirectTo !== null) return redirect(safeRedirect(redirectTo, GALLERY_PATH), 303);
    return { ok: true as const, ...result };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const id = Number(formText(form, "id"));
    const name = formText(form, "name");
    const failure = {
      ok: false as const,
      id: Number.isSafeInteger(id) ? id : null,
      message: error.message,
      /** The session ended under the page's script: the message links to the login form. */
      sessionEnded: error.status === 401,
      values: name === undefined ? undefined : { name, description: formText(form, "description") ?? "" },
    };
    return data(failure, { status: error.status });
  }
}

/**
 * The list lives in the browser once loaded: the page's own saves and deletes
 * (applied to the list in place) and closing the viewer need no reload of the
 * list. Links to a photo the list holds say so themselves, with
 * `defaultShouldRevalidate={false}`; any other photo comes from the server.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, currentUrl).pathname === GALLERY_PATH) return false;
  if (onlyViewerChanged(currentUrl, nextUrl) && viewerImageId(nextUrl.searchParams) === null) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (loaderData?.missing) {
    return pageMeta(matches, {
      title: "Photo not found | Image Gallery",
      description: loaderData.missing,
      path: GALLERY_PATH,
      noindex: true,
    });
  }
  const photo = loaderData?.viewer?.image;
  if (photo) {
    return pageMeta(matches, {
      title: `${photo.name} | Image Gallery`,
      description: photo.description || `A photograph by ${owner.name}.`,
      path: `${GALLERY_PATH}?image=${photo.id}`,
      image: photo.url,
      feed: GALLERY_FEED_PATH,
    });
  }
  return pageMeta(matches, {
    title: "Image Gallery",
    description: `Photographs by ${owner.name}.`,
    path: GALLERY_PATH,
    feed: GALLERY_FEED_PATH,
  });
};

const TITLE_ID = "gallery-title";

export default function Photography({ loaderData }: Route.ComponentProps) {
  const { page, position, admin, showExif, viewer, missing } = loaderData;
  // The note belongs to the link that asked for the photo: leaving it (Back to the gallery) needs no reload.
  const [searchParams] = useSearchParams();
  const photoAsked = viewerImageId(searchParams) !== null;
  return (
    <Gallery
      key={position}
      first={page}
      position={position}
      admin={admin}
      showExif={showExif}
      serverViewer={viewer}
      titleId={TITLE_ID}
    >
      <header className="page-header gallery-header">
        <BackLink to={HOME_PATH}>Back to home</BackLink>
        <h1 id={TITLE_ID} className="page-header__title" tabIndex={-1}>
          Image Gallery
        </h1>
        <p className="page-header__lede">{owner.name}</p>
        <GallerySort position={position} />
        {admin ? (
          <div className="gallery-admin">
            <p>You are logged in as an admin.</p>
            <LinkButton to={ADMIN_PATH} variant="secondary">
              Admin Page
            </LinkButton>
          </div>
        ) : null}
      </header>
      {missing && photoAsked ? <MissingPhoto message={missing} /> : null}
    </Gallery>
  );
}

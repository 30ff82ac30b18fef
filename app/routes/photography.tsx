import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { Gallery } from "~/components/gallery/gallery";
import { owner } from "~/content/owner";
import { listPosition, onlyViewerChanged, viewerImageId } from "~/lib/gallery-url";
import { ADMIN_PATH, GALLERY_PATH, HOME_PATH } from "~/lib/paths";
import { pageMeta } from "~/lib/seo";
import { isAdmin, requireAdmin } from "~/server/auth.server";
import { errorMessage } from "~/server/http.server";
import { applyImageIntent, getImage, listImages, neighbours } from "~/server/images.server";
import { safeRedirect } from "~/server/security.server";
import { parseImageId, parseListQuery } from "~/server/validation.server";
import type { Route } from "./+types/photography";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const position = listPosition(url.searchParams);
  const page = listImages(parseListQuery(new URLSearchParams(position)));
  const admin = await isAdmin(request);
  const imageParam = url.searchParams.get("image");
  const viewer = imageParam === null ? null : viewerOf(parseImageId(imageParam));
  return { page, position, admin, viewer, origin: url.origin };
}

function viewerOf(id: number) {
  return { image: getImage(id), ...neighbours(id) };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const redirectTo = form.get("redirectTo");
  try {
    const result = await applyImageIntent(form);
    if (redirectTo !== null) return redirect(safeRedirect(redirectTo, GALLERY_PATH), 303);
    return { ok: true as const, ...result };
  } catch (error) {
    const { status, message } = await errorMessage(error);
    const id = Number(form.get("id"));
    const name = form.get("name");
    const description = form.get("description");
    const failure = {
      ok: false as const,
      id: Number.isSafeInteger(id) ? id : null,
      message,
      values: typeof name === "string" ? { name, description: typeof description === "string" ? description : "" } : undefined,
    };
    return data(failure, { status });
  }
}

/**
 * The list lives in the browser once loaded: the page's own saves and deletes
 * (applied to the list in place) and closing the viewer need no reload of the
 * list. Links to a photo the list holds say so themselves, with
 * `defaultShouldRevalidate={false}`; any other photo comes from the server.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && new URL(formAction, currentUrl).pathname === GALLERY_PATH) return false;
  if (onlyViewerChanged(currentUrl, nextUrl) && viewerImageId(nextUrl.searchParams) === null) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const photo = loaderData?.viewer?.image;
  if (photo) {
    return pageMeta({
      title: `${photo.name} | Image Gallery | ${owner.name}`,
      description: photo.description || `A photograph by ${owner.name}.`,
      path: `${GALLERY_PATH}?image=${photo.id}`,
      image: new URL(photo.url, loaderData.origin).href,
    });
  }
  return pageMeta({ title: `Image Gallery | ${owner.name}`, description: `Photographs by ${owner.name}.`, path: GALLERY_PATH });
};

const TITLE_ID = "gallery-title";

export default function Photography({ loaderData }: Route.ComponentProps) {
  const { page, position, admin, viewer } = loaderData;
  return (
    <Gallery key={position} first={page} position={position} admin={admin} serverViewer={viewer} titleId={TITLE_ID}>
      <header className="gallery-header">
        <Link to={HOME_PATH} className="gallery-back">
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d="M19 12H5M11 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Back to home
        </Link>
        <h1 id={TITLE_ID} tabIndex={-1}>
          Image Gallery
        </h1>
        <p className="gallery-subtitle">{owner.name}</p>
        {admin ? (
          <div className="gallery-admin">
            <p>You are logged in as an admin.</p>
            <Link to={ADMIN_PATH} className="button">
              Admin Page
            </Link>
          </div>
        ) : null}
      </header>
    </Gallery>
  );
}

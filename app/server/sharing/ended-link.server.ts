/**
 * A share link that ends while its client is inside the album (issue 29): the
 * album's page, its viewer and its hearts answer with the `/s/` address's
 * friendly page ("This link is no longer valid", 410) rather than a missing
 * page. Only a browser whose grant cookie names a link to that album learns
 * that the link ended; anyone else still gets the 404 of an album they cannot see.
 */
import { endedGrant, linksOpenedHere, type EndedGrant } from "~/server/access/grant-cookie.server";
import { OWNER, type Access } from "~/server/access/access.server";
import { albumBySlug, findAlbumRow } from "~/server/albums/albums.server";
import { HttpError } from "~/server/core/http-error.server";
import type { AlbumRow } from "~/server/data/schema";
import { LINK_EXPIRED, LINK_PASSWORD_CHANGED, LINK_REVOKED } from "./share-open.server";

/** What the friendly page says, and its status: 410 for a link that ended, 403 for one whose password changed. */
export interface EndedLink {
  status: 403 | 410;
  message: string;
}

const ENDED: Record<EndedGrant, EndedLink> = {
  revoked: { status: 410, message: LINK_REVOKED },
  expired: { status: 410, message: LINK_EXPIRED },
  password: { status: 403, message: LINK_PASSWORD_CHANGED },
};

function ownersAlbum(find: () => AlbumRow): AlbumRow | null {
  try {
    return find();
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

/** Why the browser's link to the album `find` gives ended; a request without grants looks nothing up. */
async function endedOn(request: Request, find: () => AlbumRow): Promise<EndedLink | null> {
  if ((await linksOpenedHere(request)).length === 0) return null;
  const album = ownersAlbum(find);
  const reason = album ? await endedGrant(request, album.id) : null;
  return reason ? ENDED[reason] : null;
}

/** The album at `slug` for `access`, or why the browser's link to it ended; an album neither opens stays a 404. */
export async function albumOrEndedLink(
  request: Request,
  slug: string,
  access: Access,
): Promise<{ album: AlbumRow; ended?: never } | { album?: never; ended: EndedLink }> {
  try {
    return { album: albumBySlug(slug, access) };
  } catch (error) {
    const ended = access.owner ? null : await endedOn(request, () => albumBySlug(slug, OWNER));
    if (!ended) throw error;
    return { ended };
  }
}

/**
 * Runs an album API answer; a refusal because the browser's link to album
 * `albumId` ended becomes that link's status and sentence, so the page's
 * script can show the friendly page.
 */
export async function withEndedLink(request: Request, albumId: number, answer: () => Response): Promise<Response> {
  try {
    return answer();
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    const ended = await endedOn(request, () => findAlbumRow(albumId, OWNER));
    if (!ended) throw error;
    throw new HttpError(ended.status, `${ended.message}.`, { linkEnded: true });
  }
}

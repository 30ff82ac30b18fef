/**
 * Who sees what (docs/decisions/038-one-access-function.md): the one place
 * that reads from a request what it may see. Every list, page, feed, API
 * answer and media file is limited through `requestAccess` and the query
 * conditions built on it (visibility-sql.server.ts).
 */
import { getAdminSession } from "~/server/auth/auth.server";
import { carriesCredentials } from "~/server/http/cache-policy.server";
import type { Watermark } from "~/lib/watermark";
import { readGrants } from "./grant-cookie.server";

/** What a share link lets its holder download from its album: nothing, the largest web size, or the original. */
export type DownloadPermission = "none" | "web" | "original";

/** One album a share link opened in this browser. */
export interface AlbumGrant {
  albumId: number;
  linkId: number;
  download: DownloadPermission;
  /** The link's pages leave out the portfolio's header and links (record 087); absent, they keep them. */
  clientView?: boolean;
  /** The visitor this browser named itself as on the link, for favourites (record 047); none before a name is given. */
  visitorId?: number;
  /** The link's watermark (record 088): every image of the album this grant shows is marked with it. */
  mark?: ProofMark;
}

/** A link's watermark as its proofs are made and addressed: `stamp` fingerprints the mark, so a new one gets new addresses. */
export interface ProofMark {
  linkId: number;
  stamp: string;
  watermark: Watermark;
}

export interface Access {
  /** The signed-in owner: sees everything. */
  owner: boolean;
  /** Private albums this request may open besides the public and unlisted ones, one per share link used. */
  albumGrants: AlbumGrant[];
}

/** An anonymous visitor's access: the public photos, and the public and unlisted albums. */
export const VISITOR: Access = { owner: false, albumGrants: [] };

export const OWNER: Access = { owner: true, albumGrants: [] };

/** Whether album `albumId` is shown to `access` as a client view (record 087): a link's option; never the owner's. */
export function isClientView(access: Access, albumId: number): boolean {
  return !access.owner && access.albumGrants.some((grant) => grant.albumId === albumId && grant.clientView);
}

/**
 * The watermark the album's images carry for `access`: its grant's mark, if the grant has one; none for the
 * owner, and none where a grant without a mark opens the album too.
 */
export function proofMarkFor(access: Access, albumId: number | undefined): ProofMark | undefined {
  if (access.owner || albumId === undefined) return undefined;
  const grants = access.albumGrants.filter((grant) => grant.albumId === albumId);
  return grants.every((grant) => grant.mark) ? grants[0]?.mark : undefined;
}

/** The access without its marked grants: what may have a photo's unmarked files (access/media-access.server.ts). */
export function unmarkedAccess(access: Access): Access {
  return access.albumGrants.some((grant) => grant.mark)
    ? { ...access, albumGrants: access.albumGrants.filter((grant) => !grant.mark) }
    : access;
}

/** What `access` may download from album `albumId`: the owner anything, a share link what it was made with. */
export function downloadPermission(access: Access, albumId: number): DownloadPermission {
  if (access.owner) return "original";
  return access.albumGrants.find((grant) => grant.albumId === albumId)?.download ?? "none";
}

/** What `request` may see; a request with no cookie and no token is a visitor without a lookup. */
export async function requestAccess(request: Request): Promise<Access> {
  if (!carriesCredentials(request.headers)) return VISITOR;
  if (await getAdminSession(request)) return OWNER;
  return { owner: false, albumGrants: await readGrants(request) };
}

/**
 * Who sees what (docs/decisions/038-one-access-function.md): the one place
 * that reads from a request what it may see. Every list, page, feed, API
 * answer and media file is limited through `requestAccess` and the query
 * conditions built on it (visibility-sql.server.ts).
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { getAdminSession } from "~/server/auth/auth.server";
import { accessVersion } from "~/server/data/data-version.server";
import { VersionedCache } from "~/server/data/versioned-cache.server";
import type { Watermark } from "~/lib/watermark";
import { liveGrants } from "./grant-cookie.server";

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
export const VISITOR: Access = Object.freeze({ owner: false, albumGrants: [] });

export const OWNER: Access = Object.freeze({ owner: true, albumGrants: [] });

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
export function requestAccess(request: Request): Promise<Access> {
  return accessFor(request.headers.get("cookie"), request.headers.get("authorization"), () => request);
}

/** `requestAccess` for Node's request (the media answers): an answer already kept costs no Fetch Request. */
export function incomingAccess(req: IncomingMessage): Promise<Access> {
  return accessFor(req.headers.cookie ?? null, req.headers.authorization ?? null, () => asFetchRequest(req));
}

interface HeldAccess {
  access: Access;
  /** When it must be looked up again (ms since the epoch): a session's or a link's expiry, a session's next slide. */
  until: number;
}

/**
 * The access each exact pair of Cookie and Authorization headers was found to have, kept under the access version
 * (docs/decisions/090-access-caches.md): a sign-out, a revoked link or a new password moves the version, an expiry
 * passes `until`, and either ends the answer at once. Only the same headers find it: never another browser's.
 */
const held = new VersionedCache<HeldAccess>(1000);

const credentialsKey = (cookie: string | null, authorization: string | null) =>
  `${authorization ?? ""}\n${cookie ?? ""}`;

async function accessFor(cookie: string | null, authorization: string | null, request: () => Request): Promise<Access> {
  if (!cookie && !authorization) return VISITOR;
  const key = credentialsKey(cookie, authorization);
  const version = accessVersion();
  const hit = held.get(version, key);
  if (hit && Date.now() < hit.until) return hit.access;
  const found = await lookUpAccess(request());
  held.set(version, key, found);
  return found.access;
}

async function lookUpAccess(request: Request): Promise<HeldAccess> {
  const session = await getAdminSession(request);
  if (session) return { access: OWNER, until: session.until };
  const { grants, until } = await liveGrants(request);
  return { access: Object.freeze({ owner: false, albumGrants: grants }), until };
}

/**
 * Until when the owner's or a client's access kept for these headers holds; undefined when none is kept, or when
 * the headers open nothing a visitor does not see. A page cached for an owner or a client (page-cache.server.ts) is
 * served no longer than their access; a stray cookie keeps no page.
 */
export function heldAccessUntil(headers: IncomingHttpHeaders): number | undefined {
  const hit = held.get(accessVersion(), credentialsKey(headers.cookie ?? null, headers.authorization ?? null));
  if (!hit || Date.now() >= hit.until) return undefined;
  return hit.access.owner || hit.access.albumGrants.length > 0 ? hit.until : undefined;
}

/** The request's headers as a Fetch Request, which is what the session and grant lookups read. */
export function asFetchRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  return new Request(new URL(req.url ?? "/", "http://media.invalid"), { headers });
}

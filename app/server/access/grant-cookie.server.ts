/**
 * The share-link grants a browser holds (docs/decisions/040-share-links.md):
 * one signed cookie lists the links it opened, so one browser may hold
 * several albums. The cookie only names links; whether each still grants its
 * album is looked up on every request, so revoking a link or its expiry ends
 * access at once.
 */
import { createCookie } from "react-router";
import { and, eq, gt, inArray, isNull, or } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { shareLinks } from "~/server/data/schema";
import { sha256 } from "~/server/core/tokens.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";
import type { Watermark } from "~/lib/watermark";
import type { AlbumGrant, ProofMark } from "./access.server";

/** A browser keeps the links it opened last; an older one is opened again from its URL. */
export const MAX_GRANTS = 20;
const MAX_AGE_S = 180 * 24 * 60 * 60;

/**
 * One grant: the link's id and a fingerprint of its password, so a new
 * password ends the grants made with the old one; and, once its holder gave a
 * name for favourites, their visitor id (record 047). Entries written before
 * favourites have two items and still read.
 */
type GrantEntry = [linkId: number, passwordPrint: string] | [linkId: number, passwordPrint: string, visitorId: number];

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

let grantCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  grantCookie ??= createCookie("__share_grants", {
    httpOnly: true,
    // Lax: a client opening the album from a mail or chat link arrives with the cookie.
    sameSite: "lax",
    path: "/",
    maxAge: MAX_AGE_S,
    secrets: sessionSecrets(),
  });
  return grantCookie;
}

/** A mark's fingerprint, in its proofs' addresses: any change of text, place, size or opacity makes new ones. */
export function markStamp(watermark: Watermark): string {
  const { kind, text, position, size, opacity } = watermark;
  return sha256(JSON.stringify([kind, text, position, size, opacity])).slice(0, 12);
}

/** Link `linkId`'s mark as its proofs are made and addressed. */
export function proofMark(linkId: number, watermark: Watermark): ProofMark {
  return { linkId, stamp: markStamp(watermark), watermark };
}

export function passwordPrint(passwordHash: string | null): string {
  return sha256(`share-link:${passwordHash ?? ""}`).slice(0, 16);
}

function isEntry(value: unknown): value is GrantEntry {
  return (
    Array.isArray(value) &&
    (value.length === 2 || (value.length === 3 && isId(value[2]))) &&
    isId(value[0]) &&
    typeof value[1] === "string"
  );
}

async function readEntries(request: Request): Promise<GrantEntry[]> {
  const header = request.headers.get("cookie");
  if (!header?.includes("__share_grants=")) return [];
  const value: unknown = await cookie().parse(header);
  return Array.isArray(value) ? value.filter(isEntry).slice(0, MAX_GRANTS) : [];
}

/**
 * The links this browser opened, live or not, with the password they had
 * then or another: proof the browser once knew the link's password (an entry
 * is only ever added by opening the link).
 */
export async function linksOpenedHere(request: Request): Promise<number[]> {
  return (await readEntries(request)).map(([id]) => id);
}

/** The albums the request's cookie grants through links that are still live: not revoked, not expired, same password. */
export async function readGrants(request: Request, now = new Date()): Promise<AlbumGrant[]> {
  return (await liveGrants(request, now)).grants;
}

/** `readGrants`, and until when they hold (ms since the epoch): the first of their links' expiries. */
export async function liveGrants(request: Request, now = new Date()): Promise<{ grants: AlbumGrant[]; until: number }> {
  const entries = await readEntries(request);
  if (entries.length === 0) return { grants: [], until: Infinity };
  const rows = db()
    .select({
      id: shareLinks.id,
      albumId: shareLinks.albumId,
      download: shareLinks.download,
      clientView: shareLinks.clientView,
      watermark: shareLinks.watermark,
      passwordHash: shareLinks.passwordHash,
      expiresAt: shareLinks.expiresAt,
    })
    .from(shareLinks)
    .where(
      and(
        inArray(
          shareLinks.id,
          entries.map(([id]) => id),
        ),
        isNull(shareLinks.revokedAt),
        or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
      ),
    )
    .all();
  const byLink = new Map(entries.map((entry) => [entry[0], entry]));
  const live = rows.filter((row) => byLink.get(row.id)![1] === passwordPrint(row.passwordHash));
  const grants = live.map(({ albumId, id: linkId, download, clientView, watermark }): AlbumGrant => {
    const visitorId = byLink.get(linkId)![2];
    const mark = watermark ? proofMark(linkId, watermark) : undefined;
    return { albumId, linkId, download, clientView, ...(visitorId ? { visitorId } : {}), ...(mark ? { mark } : {}) };
  });
  return { grants, until: Math.min(...live.map((row) => row.expiresAt?.getTime() ?? Infinity)) };
}

/** Why a link this browser opened no longer grants its album. */
export type EndedGrant = "revoked" | "expired" | "password";

/**
 * Why the browser's newest grant on album `albumId` ended, or null when it
 * holds none or one still live: what the album's page tells a client whose link ended while
 * they were inside it. Asked only after the album refused the request.
 */
export async function endedGrant(request: Request, albumId: number, now = new Date()): Promise<EndedGrant | null> {
  const entries = await readEntries(request);
  if (entries.length === 0) return null;
  const rows = db()
    .select({
      id: shareLinks.id,
      passwordHash: shareLinks.passwordHash,
      expiresAt: shareLinks.expiresAt,
      revokedAt: shareLinks.revokedAt,
    })
    .from(shareLinks)
    .where(
      and(
        inArray(
          shareLinks.id,
          entries.map(([id]) => id),
        ),
        eq(shareLinks.albumId, albumId),
      ),
    )
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const reasons = entries.flatMap(([id, print]): (EndedGrant | "live")[] => {
    const row = byId.get(id);
    if (!row) return [];
    if (row.revokedAt) return ["revoked"];
    if (row.expiresAt && row.expiresAt <= now) return ["expired"];
    return [print === passwordPrint(row.passwordHash) ? "live" : "password"];
  });
  // Another link still open on the album: nothing ended for this browser.
  if (reasons.includes("live")) return null;
  return (reasons[0] as EndedGrant | undefined) ?? null;
}

/**
 * At most MAX_GRANTS entries, newest first. Beyond it the oldest grants on
 * which no name was given drop out first: opened again from its address, such
 * a link is as it was, but a named grant is the visitor's favourites, which a
 * new grant on the same link could not find again.
 */
function bounded(entries: GrantEntry[]): GrantEntry[] {
  const kept = [...entries];
  for (let i = kept.length - 1; i >= 0 && kept.length > MAX_GRANTS; i--) {
    if (kept[i]!.length === 2) kept.splice(i, 1);
  }
  return kept.slice(0, MAX_GRANTS);
}

/** The Set-Cookie that adds `link` to the request's grants, first (see `bounded` for those that drop out). */
export async function addGrant(
  request: Request,
  link: { id: number; passwordHash: string | null },
  secure: boolean,
): Promise<string> {
  const entries = await readEntries(request);
  // Opening the link again keeps the name given on it in this browser.
  const visitorId = entries.find(([id]) => id === link.id)?.[2];
  const kept = entries.filter(([id]) => id !== link.id);
  const print = passwordPrint(link.passwordHash);
  const added: GrantEntry = visitorId ? [link.id, print, visitorId] : [link.id, print];
  return cookie().serialize(bounded([added, ...kept]), { secure });
}

/**
 * The Set-Cookie that keeps `visitorId` with the grant of `grant.linkId`
 * (the name given for favourites), its password print unchanged. Naming is
 * using: the grant moves first, the last to drop out.
 */
export async function keepVisitor(
  request: Request,
  grant: { linkId: number },
  visitorId: number,
  secure: boolean,
): Promise<string> {
  const entries = await readEntries(request);
  const named = entries.filter(([id]) => id === grant.linkId).map(([id, print]): GrantEntry => [id, print, visitorId]);
  return cookie().serialize([...named, ...entries.filter(([id]) => id !== grant.linkId)], { secure });
}

/**
 * An album's share links, for the owner (docs/decisions/040-share-links.md):
 * made, listed, changed and revoked. The token is random (256 bits); the
 * database keeps its SHA-256, which opening a link looks up, and the token
 * sealed with DATA_DIR's key, so a live link's address can be shown again
 * (record 069) while the database alone opens nothing.
 */
import crypto from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { shareLinks, type ShareLinkRow } from "~/server/data/schema";
import { HttpError } from "~/server/core/http-error.server";
import { randomToken } from "~/server/core/tokens.server";
import { openToken, sealToken } from "~/server/core/token-seal.server";
import { OWNER } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { hashPassword } from "~/server/auth/password.server";
import { assertMarkDrawable } from "~/server/proofs/mark-check.server";
import { sweepProofs } from "~/server/proofs/proof-sweep.server";
import type { ShareLinkInput } from "./share-input.server";
import { ruleOf } from "./selection-rules.server";
import type { ShareLink } from "~/lib/share-link";

const NOT_FOUND = "Share link not found.";

export function tokenHash(token: string): string {
  return crypto.createHash("sha256").update(token).digest("base64url");
}

export function shareLinkPath(token: string): string {
  return `/s/${token}`;
}

export function linkState(row: ShareLinkRow, now = new Date()): ShareLink["state"] {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  return "live";
}

/** What the token is sealed for: a token sealed for anything else never opens as a link's. */
const SEAL_PURPOSE = "share-link";

/**
 * A live link's absolute address, rebuilt from its sealed token; null for an
 * ended link, one made before tokens were sealed, or one DATA_DIR's key cannot open.
 */
function linkUrl(row: ShareLinkRow, origin: string): string | null {
  if (linkState(row) !== "live" || !row.tokenSealed) return null;
  const token = openToken(row.tokenSealed, SEAL_PURPOSE);
  // The hash is what opens the link: a sealed token that is not this row's is never shown.
  if (token === null || tokenHash(token) !== row.tokenHash) return null;
  return new URL(shareLinkPath(token), origin).toString();
}

function toShareLink(row: ShareLinkRow, origin: string): ShareLink {
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return {
    id: row.id,
    albumId: row.albumId,
    label: row.label,
    hasPassword: row.passwordHash !== null,
    expiresAt: iso(row.expiresAt),
    download: row.download,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    viewCount: row.viewCount,
    revokedAt: iso(row.revokedAt),
    state: linkState(row),
    url: linkUrl(row, origin),
    choose: ruleOf(row),
    clientView: row.clientView,
    watermark: row.watermark,
  };
}

function assertFuture(expiresAt: Date | null | undefined): void {
  if (expiresAt && expiresAt <= new Date()) throw new HttpError(400, "expiresAt must be in the future");
}

/** The album's links, newest first, live ones with their address (absolute, from `origin`). */
export function listShareLinks(albumId: number, origin: string): ShareLink[] {
  findAlbumRow(albumId, OWNER);
  return db()
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.albumId, albumId))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .all()
    .map((row) => toShareLink(row, origin));
}

/** A new link for the album, with its `url` (absolute, from `origin`). */
export async function createShareLink(
  albumId: number,
  input: ShareLinkInput & { label: string },
  origin: string,
): Promise<ShareLink & { url: string }> {
  findAlbumRow(albumId, OWNER);
  assertFuture(input.expiresAt);
  await assertMarkDrawable(input.watermark);
  const token = randomToken(32);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const row = db()
    .insert(shareLinks)
    .values({
      albumId,
      label: input.label,
      tokenHash: tokenHash(token),
      tokenSealed: sealToken(token, SEAL_PURPOSE),
      passwordHash,
      expiresAt: input.expiresAt ?? null,
      download: input.download ?? "none",
      chooseCount: input.chooseCount ?? null,
      chooseExactly: input.chooseExactly ?? false,
      clientView: input.clientView ?? false,
      watermark: input.watermark ?? null,
      createdAt: new Date(),
    })
    .returning()
    .get();
  return { ...toShareLink(row, origin), url: new URL(shareLinkPath(token), origin).toString() };
}

function findLink(albumId: number, linkId: number): ShareLinkRow {
  const row = db()
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.albumId, albumId)))
    .get();
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/** Changes a link; a new password (or none) ends the grants browsers hold from the old one (grant-cookie.server.ts). */
export async function updateShareLink(
  albumId: number,
  linkId: number,
  input: ShareLinkInput,
  origin: string,
): Promise<ShareLink> {
  findLink(albumId, linkId);
  assertFuture(input.expiresAt);
  await assertMarkDrawable(input.watermark);
  const passwordHash =
    input.password === undefined ? undefined : input.password === null ? null : await hashPassword(input.password);
  const changes = Object.fromEntries(
    Object.entries({
      label: input.label,
      passwordHash,
      expiresAt: input.expiresAt,
      download: input.download,
      chooseCount: input.chooseCount,
      chooseExactly: input.chooseExactly,
      clientView: input.clientView,
      watermark: input.watermark,
    }).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(changes).length > 0) db().update(shareLinks).set(changes).where(eq(shareLinks.id, linkId)).run();
  // The old mark's proofs (or all of them, for none) go with it: their addresses are no longer given.
  if (input.watermark !== undefined) await sweepProofs();
  return toShareLink(findLink(albumId, linkId), origin);
}

/**
 * Revokes a link: its address then answers "no longer valid" (410) and every
 * grant made with it ends. The row stays, so the owner's list shows it revoked.
 */
export async function revokeShareLink(albumId: number, linkId: number): Promise<void> {
  findLink(albumId, linkId);
  db()
    .update(shareLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(shareLinks.id, linkId), isNull(shareLinks.revokedAt)))
    .run();
  await sweepProofs();
}

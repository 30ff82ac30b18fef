import type { SelectionRule } from "./selection";
import type { Watermark } from "./watermark";

/** A share link as the owner's API and album admin page show it: everything but the password. */
export interface ShareLink {
  id: number;
  albumId: number;
  /** Who the link is for: the client's name. */
  label: string;
  hasPassword: boolean;
  /** ISO 8601; null: never. */
  expiresAt: string | null;
  /** What its holder may download: nothing, the largest web size, or the original. */
  download: "none" | "web" | "original";
  createdAt: string;
  lastUsedAt: string | null;
  /** How many times the link was opened (a password given counts once). */
  viewCount: number;
  revokedAt: string | null;
  state: "live" | "expired" | "revoked";
  /** A live link's address, to copy again; null once it ended, or for a link made before addresses were kept. */
  url: string | null;
  /** How many photos its visitors choose (record 080); null: as many as they like. */
  choose: SelectionRule | null;
  /** Its pages leave out the portfolio's header and links (record 087). */
  clientView: boolean;
  /** The mark on every image its visitors see (record 088); null: none. */
  watermark: Watermark | null;
}

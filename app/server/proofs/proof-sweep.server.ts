/**
 * Proofs leave the store once nobody can be shown them (record 088): those of
 * a link that ended (revoked or expired) or whose mark changed, and logo marks
 * drawn with a logo since replaced. A deleted row journals its file for
 * removal (migration 0026's trigger), and the storage sweep removes it. A
 * link or photo deleted takes its proofs with it by the same trigger.
 */
import { and, eq, isNull, ne, or, type SQL } from "drizzle-orm";
import { markStamp } from "~/server/access/grant-cookie.server";
import { db } from "~/server/data/db.server";
import { proofVariants, shareLinks, type ShareLinkRow } from "~/server/data/schema";
import { sweepPendingObjects } from "~/server/storage/storage-sweep.server";
import { logoForMarks } from "~/server/site/site-logo.server";

type LinkMark = Pick<ShareLinkRow, "id" | "watermark" | "revokedAt" | "expiresAt">;

/** Which of the link's proofs nobody can be shown: all of an ended or unmarked link's, else those of another mark or logo. */
function unseen(link: LinkMark, logoKey: string | null, now: Date): SQL | undefined {
  const ended = link.revokedAt !== null || (link.expiresAt !== null && link.expiresAt <= now);
  if (ended || !link.watermark) return undefined;
  const otherMark = ne(proofVariants.stamp, markStamp(link.watermark));
  if (link.watermark.kind !== "logo") return otherMark;
  if (logoKey === null) return undefined;
  return or(otherMark, isNull(proofVariants.logoKey), ne(proofVariants.logoKey, logoKey));
}

/** Deletes the proofs nobody can be shown any more and starts their files' removal; returns how many went. */
export async function sweepProofs(now = new Date()): Promise<number> {
  const logoKey = (await logoForMarks())?.key ?? null;
  const links = db()
    .selectDistinct({
      id: shareLinks.id,
      watermark: shareLinks.watermark,
      revokedAt: shareLinks.revokedAt,
      expiresAt: shareLinks.expiresAt,
    })
    .from(shareLinks)
    .innerJoin(proofVariants, eq(proofVariants.linkId, shareLinks.id))
    .all();
  const gone = db().transaction(() =>
    links.reduce((sum, link) => {
      const where = and(eq(proofVariants.linkId, link.id), unseen(link, logoKey, now));
      return sum + db().delete(proofVariants).where(where).run().changes;
    }, 0),
  );
  // Awaited: a revoke's answer comes once its proofs have left the store (a store that is down retries them later).
  if (gone) await sweepPendingObjects();
  return gone;
}

const HOURLY_MS = 60 * 60 * 1000;
let sweeps: NodeJS.Timeout | undefined;

/** At start and every hour: a link's expiry is not an event, so its proofs go at the next sweep after it. */
export async function startProofSweeps(log: (line: string) => void): Promise<void> {
  const sweepAndSay = async () => {
    const gone = await sweepProofs();
    if (gone) log(`Removed ${gone} watermarked proofs nobody can be shown any more.`);
  };
  await sweepAndSay();
  sweeps ??= setInterval(() => {
    sweepAndSay().catch((error: unknown) => console.error(`The proof sweep failed: ${(error as Error).message}`));
  }, HOURLY_MS);
  sweeps.unref();
}

export function stopProofSweeps(): void {
  clearInterval(sweeps);
  sweeps = undefined;
}

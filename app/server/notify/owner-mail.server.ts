/**
 * The messages that tell the owner what a client did (record 081): plain
 * text and the same in HTML, every value of the client's escaped, with the
 * album's admin page as an absolute link (PUBLIC_URL, else the origin the
 * client's request came to).
 */
import { eq } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { albums, shareLinks } from "~/server/data/schema";
import { escapeXml } from "~/server/http/xml.server";
import { adminAlbumPath } from "~/lib/paths";
import type { Mail } from "./mail-queue.server";

interface OwnerMail {
  subject: string;
  /** One sentence each. */
  lines: string[];
  /** The client's own words (a note, a comment), quoted as they wrote them. */
  quote?: string | null;
  adminUrl: string;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeXml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("");

export function ownerMail({ subject, lines, quote, adminUrl }: OwnerMail): Mail {
  const text = [...lines, ...(quote ? ["", quote] : []), "", `See it on the album's page: ${adminUrl}`, ""].join("\n");
  const html =
    `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">` +
    lines.map((line) => `<p>${escapeXml(line)}</p>`).join("") +
    (quote
      ? `<blockquote style="border-left: 3px solid #ccc; margin: 0; padding-left: 1em">${paragraphs(quote)}</blockquote>`
      : "") +
    `<p><a href="${escapeXml(adminUrl)}">See it on the album's page</a></p></body></html>`;
  return { subject, text, html };
}

/** An event the owner hears of only when they asked for everything: a link opened, a download of all. */
export function linkEventMail(kind: "opened" | "download", linkId: number, origin: string): Mail {
  const { label, name, slug } = db()
    .select({ label: shareLinks.label, name: albums.name, slug: albums.slug })
    .from(shareLinks)
    .innerJoin(albums, eq(albums.id, shareLinks.albumId))
    .where(eq(shareLinks.id, linkId))
    .get()!;
  const what = kind === "opened" ? "was opened in a new browser" : "was used to download the whole album";
  return ownerMail({
    subject: `The link for ${label} ${kind === "opened" ? "was opened" : "downloaded all"}: ${name}`,
    lines: [`The link for ${label} to ${name} ${what}.`],
    adminUrl: new URL(adminAlbumPath(slug), origin).toString(),
  });
}

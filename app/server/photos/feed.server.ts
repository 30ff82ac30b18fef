/**
 * Atom 1.0 feeds of photos (RFC 4287), with each photo's display variant as an
 * `<img>` in the entry's content and as Media RSS `media:content`, which feed
 * readers and photo aggregators show as the entry's picture.
 */
import { galleryHref } from "~/lib/gallery-url";
import { displayVariant } from "./image-json.server";
import type { ImageRow } from "~/server/data/schema";
import { escapeXml } from "~/server/http/xml.server";

/** How many of the newest photos a feed carries. */
export const FEED_SIZE = 50;

interface FeedSource {
  /** The site's origin, from PUBLIC_URL or the request: every URL in a feed is absolute. */
  origin: string;
  title: string;
  subtitle: string;
  /** The owner's name, as the admin has it. */
  author: string;
  /** Root-relative path of the page the feed follows, and of the feed itself. */
  pagePath: string;
  feedPath: string;
  /** In the list's order: the gallery's newest first, an album's own (record 024). */
  rows: ImageRow[];
}

/** Line breaks kept, everything else as text: descriptions are plain text. */
function htmlParagraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeXml(paragraph).replaceAll("\n", "<br>")}</p>`)
    .join("");
}

function entry(row: ImageRow, origin: string): string {
  const link = origin + galleryHref("", { image: row.id });
  const { url, width, height } = displayVariant(row);
  // Absolute already when MEDIA_BASE_URL is set.
  const src = new URL(url, origin).href;
  const content =
    `<p><img src="${escapeXml(src)}" width="${width}" height="${height}" alt="${escapeXml(row.name)}"></p>` +
    htmlParagraphs(row.description);
  return [
    "  <entry>",
    `    <id>${escapeXml(link)}</id>`,
    `    <title>${escapeXml(row.name)}</title>`,
    `    <link rel="alternate" type="text/html" href="${escapeXml(link)}"/>`,
    `    <published>${row.uploadedAt.toISOString()}</published>`,
    `    <updated>${row.updatedAt.toISOString()}</updated>`,
    ...(row.description ? [`    <summary>${escapeXml(row.description)}</summary>`] : []),
    `    <content type="html">${escapeXml(content)}</content>`,
    `    <media:content url="${escapeXml(src)}" medium="image" type="image/webp" width="${width}" height="${height}"/>`,
    "  </entry>",
  ].join("\n");
}

export function atomFeed({ origin, title, subtitle, author, pagePath, feedPath, rows }: FeedSource): string {
  // An empty feed still needs an <updated>: the epoch says "nothing yet".
  const updated = new Date(Math.max(0, ...rows.map((row) => row.updatedAt.getTime()))).toISOString();
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    `  <id>${escapeXml(origin + feedPath)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <subtitle>${escapeXml(subtitle)}</subtitle>`,
    `  <updated>${updated}</updated>`,
    `  <author><name>${escapeXml(author)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(origin + feedPath)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(origin + pagePath)}"/>`,
    ...rows.map((row) => entry(row, origin)),
    "</feed>",
    "",
  ].join("\n");
}

export function feedResponse(xml: string): Response {
  return new Response(xml, {
    headers: { "Content-Type": "application/atom+xml; charset=utf-8" },
  });
}

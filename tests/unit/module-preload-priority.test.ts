// React Router's script preloads ask for low priority, so the first photo, the CSS and the font go first (record 049).
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, lowPriorityModulePreloads } from "~/server/http/module-preload-priority.server";

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/><link rel="modulepreload" href="/assets/root.js" nonce="n"/>' +
  "<title>Café — “photos”</title></head>";
const BODY =
  '<body><p>Crème brûlée</p><link rel="modulepreload" href="/in-body-text.js"/><script type="module" async="">import "/x.js";</script></body></html>';

/** The page as the transform passes it, written in chunks of `size` bytes (React writes 2 KB ones). */
async function throughTransform(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  return (await buffer(Readable.from(chunks).pipe(lowPriorityModulePreloads()))).toString("utf8");
}

describe("lowerModulePreloads", () => {
  it("gives every modulepreload link a low fetch priority and leaves the rest of the head alone", () => {
    const head = lowerModulePreloads(HEAD);
    expect(head.match(/<link rel="modulepreload" fetchpriority="low" href=/g)).toHaveLength(2);
    expect(head).not.toMatch(/<link rel="modulepreload" href=/);
    expect(head).toContain('<link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>');
  });
});

describe("lowPriorityModulePreloads", () => {
  it("rewrites the head however the page is cut into chunks, even inside a tag or a character", async () => {
    for (const size of [1, 3, 7, 64, 2048]) {
      const page = await throughTransform(HEAD + BODY, size);
      expect(page, `chunks of ${size}`).toBe(lowerModulePreloads(HEAD) + BODY);
    }
  });

  it("passes the body byte for byte: only the head is rewritten", async () => {
    const page = await throughTransform(HEAD + BODY, 16);
    expect(page.slice(page.indexOf("</head>"))).toBe(`</head>${BODY}`);
  });

  it("passes a document without a head unchanged", async () => {
    expect(await throughTransform(BODY, 5)).toBe(BODY);
  });
});

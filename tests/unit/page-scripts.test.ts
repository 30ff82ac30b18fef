// A page's scripts wait until its first photo is on screen (record 052): the server holds them in the HTML.
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { HELD_MODULE_ID, holdModulePreloads, scriptsAfterFirstPaint } from "~/server/http/page-scripts.server";

const NONCE = "n0nce";
const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>' +
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/><link rel="modulepreload" href="/assets/root.js" nonce="${NONCE}"/>` +
  '<link rel="stylesheet" href="/assets/root.css"/><title>Café — “photos”</title></head>';
const MODULE = `<script nonce="${NONCE}" type="module" async="">import "/assets/root.js";</script>`;
const BODY = `<body><p>Crème brûlée</p>${MODULE}<script nonce="${NONCE}">data()</script><p>“after”</p></body></html>`;

/** The page as the transform passes it, written in chunks of `size` bytes (React writes 2 KB ones). */
async function throughTransform(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html);
  const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) =>
    bytes.subarray(i * size, (i + 1) * size),
  );
  return (await buffer(Readable.from(chunks).pipe(scriptsAfterFirstPaint(NONCE)))).toString("utf8");
}

describe("holdModulePreloads", () => {
  const head = holdModulePreloads(HEAD, NONCE);

  it("takes the module preloads out and names them to the starter, which comes before the stylesheets", () => {
    expect(head).not.toContain('rel="modulepreload"');
    const starter = head.match(/<script nonce="n0nce" data-modules="([^"]+)">/);
    expect(JSON.parse(starter![1]!.replaceAll("&quot;", '"'))).toEqual(["/assets/entry.client.js", "/assets/root.js"]);
    expect(head.indexOf(starter![0])).toBeLessThan(head.indexOf('rel="stylesheet"'));
    expect(head.match(/<script/g)).toHaveLength(1);
  });

  it("leaves the rest of the head alone", () => {
    expect(head).toContain('<link rel="preload" as="image" fetchPriority="high" href="/a.avif"/>');
    expect(head).toContain("<title>Café — “photos”</title></head>");
  });

  it("leaves a head without module preloads unchanged", () => {
    const plain = '<head><link rel="stylesheet" href="/a.css"/></head>';
    expect(holdModulePreloads(plain, NONCE)).toBe(plain);
  });
});

describe("scriptsAfterFirstPaint", () => {
  const expected =
    holdModulePreloads(HEAD, NONCE) +
    BODY.replace(
      MODULE,
      `<script nonce="${NONCE}" type="text/plain" id="${HELD_MODULE_ID}">import "/assets/root.js";</script>`,
    );

  it("holds the preloads and the module script however the page is cut into chunks, even inside a tag or a character", async () => {
    for (const size of [1, 3, 7, 64, 2048]) {
      expect(await throughTransform(HEAD + BODY, size), `chunks of ${size}`).toBe(expected);
    }
  });

  it("holds only the first module script with this response's nonce", async () => {
    const other = `<script nonce="other" type="module" async="">x()</script>`;
    const page = await throughTransform(HEAD + BODY.replace("<p>Crème", `${other}<p>Crème`) + MODULE, 5);
    expect(page).toContain(other);
    expect(page.match(/type="text\/plain"/g)).toHaveLength(1);
    expect(page.endsWith(MODULE)).toBe(true);
  });

  it("passes a document without a head unchanged", async () => {
    expect(await throughTransform(BODY, 5)).toBe(BODY);
  });
});

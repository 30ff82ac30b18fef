// A hidden photo's media with MEDIA_BASE_URL (a CDN in front of the files) and
// with STORAGE=s3: its URLs go through the site, which answers only the owner
// (or whoever may see an album that holds it), privately.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg } from "../support/images";
import { startTestBucket, type TestBucket } from "../support/s3";
import { loginAdmin, startServer, type TestServer } from "../support/server";

async function upload(server: TestServer, token: string, name: string, visibility: string, seed: number) {
  const form = new FormData();
  form.set("name", name);
  form.set("visibility", visibility);
  const data = await makeJpeg(320, 240, seed);
  form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `${name}.jpg`);
  const response = await fetch(`${server.url}/api/image`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

const urlsOf = (image: Image) => [
  image.url,
  ...`${image.srcset}, ${image.avifSrcset}`.split(", ").map((candidate) => candidate.split(" ")[0]!),
];

const setups: [
  string,
  () => Promise<{ env: Record<string, string>; mediaBase: string; close?: () => Promise<void> }>,
][] = [
  [
    "MEDIA_BASE_URL on local storage",
    async () => ({
      env: { MEDIA_BASE_URL: "https://cdn.example.test/media" },
      mediaBase: "https://cdn.example.test/media",
    }),
  ],
  [
    "STORAGE=s3 with MEDIA_BASE_URL at the bucket",
    async () => {
      const bucket: TestBucket = await startTestBucket();
      const { endpoint, bucket: name, prefix } = bucket.settings;
      const mediaBase = `${endpoint}/${name}/${prefix}media`;
      return { env: { ...bucket.env, MEDIA_BASE_URL: mediaBase }, mediaBase, close: () => bucket.close() };
    },
  ],
];

describe.each(setups)("%s", (_name, setup) => {
  let server: TestServer;
  let close: (() => Promise<void>) | undefined;
  let mediaBase: string;
  let session: { token: string; cookie: string };
  let shown: Image;
  let hidden: Image;

  beforeAll(async () => {
    const made = await setup();
    close = made.close;
    mediaBase = made.mediaBase;
    server = await startServer({ env: made.env });
    session = await loginAdmin(server.url);
    shown = await upload(server, session.token, "Shown", "public", 1);
    hidden = await upload(server, session.token, "Hidden", "hidden", 2);
  });

  afterAll(async () => {
    await server?.stop();
    await close?.();
  });

  it("points a public photo at MEDIA_BASE_URL and a hidden one's every variant at the site", () => {
    for (const url of urlsOf(shown)) expect(url.startsWith(`${mediaBase}/`), url).toBe(true);
    for (const url of urlsOf(hidden)) expect(url.startsWith("/media/"), url).toBe(true);
  });

  it("answers a hidden photo's media 404 to a visitor and privately to the owner", async () => {
    for (const url of urlsOf(hidden)) {
      const visitor = await fetch(server.url + url);
      expect(visitor.status, url).toBe(404);
      const owner = await fetch(server.url + url, { headers: { Cookie: session.cookie } });
      expect(owner.status, url).toBe(200);
      expect(owner.headers.get("cache-control"), url).toMatch(/^private/);
      await owner.arrayBuffer();
    }
  });

  it("still serves a public photo's media through the site, publicly", async () => {
    const path = new URL(shown.url).pathname.slice(new URL(mediaBase).pathname.length - "/media".length);
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });
});

// A deleted photo's variants may stay cached for a year (they are immutable in
// browsers, CDNs and public buckets), so none of its URLs may ever name another
// photo: not the same bytes uploaded again, not the next upload, not after a
// restart (ids are AUTOINCREMENT, storage keys random).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { variantUrls } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

async function upload(data: Buffer, filename: string): Promise<Image> {
  const response = await uploadImage(server.url, token, { data, filename });
  expect(response.status).toBe(201);
  return (await response.json()) as Image;
}

async function remove(image: Image): Promise<void> {
  const response = await fetch(`${server.url}/api/image/${image.id}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(204);
}

/** Every URL that names the photo: its variants, its page and its JSON. */
function urlsOf(image: Image): string[] {
  return [...variantUrls(image), `/photography?image=${image.id}`, `/api/image/${image.id}`];
}

describe("a deleted photo's URLs", () => {
  it("are never given to a later photo, the same bytes included, across a restart", async () => {
    const bytes = await makeJpeg(1600, 1000, 11);
    const retired: string[] = [];

    const first = await upload(bytes, "same.jpg");
    retired.push(...urlsOf(first));
    await remove(first);
    for (const url of variantUrls(first)) expect((await fetch(server.url + url)).status, url).toBe(404);

    const again = await upload(bytes, "same.jpg");
    const other = await upload(await makeJpeg(1600, 1000, 12), "other.jpg");
    for (const url of [...urlsOf(again), ...urlsOf(other)]) expect(retired).not.toContain(url);

    // The newest photo deleted, then a restart: a rowid without AUTOINCREMENT would be handed out again.
    retired.push(...urlsOf(again), ...urlsOf(other));
    await remove(other);
    await remove(again);
    await server.stop();
    server = await startServer({ dirs: { dataDir: server.dataDir, uploadsDir: server.uploadsDir } });
    token = (await loginAdmin(server.url)).token;
    const afterRestart = await upload(bytes, "same.jpg");
    expect(afterRestart.id).toBeGreaterThan(other.id);
    for (const url of urlsOf(afterRestart)) expect(retired).not.toContain(url);
  });
});

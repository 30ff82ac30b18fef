// Downloads from an S3 store: the original without GPS and Download all read from the bucket (downloads.test.ts has
// the rest, on the local disk).
import exifr from "exifr";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import { cameraJpeg } from "../support/camera";
import { startTestBucket, type TestBucket } from "../support/s3";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { readStoredZip } from "../support/zip";

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("with STORAGE=s3", () => {
  let bucket: TestBucket;
  let s3Server: TestServer;

  beforeAll(async () => {
    bucket = await startTestBucket({ prefix: `downloads-${Date.now()}/` });
    s3Server = await startServer({ env: bucket.env });
  });

  afterAll(async () => {
    await s3Server?.stop();
    await bucket?.close();
  });

  it("downloads the original without GPS and the album's ZIP from the bucket", async () => {
    const s3Session = await loginAdmin(s3Server.url);
    const headers = { Authorization: `Bearer ${s3Session.token}` };
    const created = await fetch(`${s3Server.url}/api/album`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Bucket", slug: "bucket" }),
    });
    const bucketAlbum = (await created.json()) as Album;
    const form = new FormData();
    form.set("name", "bucket");
    form.set("albumId", String(bucketAlbum.id));
    const data = cameraJpeg("s3-download");
    form.set("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "DSCF0001.JPG");
    const uploaded = await fetch(`${s3Server.url}/api/image`, { method: "POST", headers, body: form });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as Image;
    const asOwnerHere = { headers: { Cookie: s3Session.cookie } };

    const original = await bytes(
      await fetch(`${s3Server.url}/photography/albums/bucket/download/${image.id}?size=original`, asOwnerHere),
    );
    expect(original.length).toBe(data.length);
    expect(await exifr.gps(original)).toBeUndefined();
    expect((await exifr.parse(original, ["Model"]))?.Model).toBe("X-T5");

    const zip = await fetch(`${s3Server.url}/photography/albums/bucket/download`, asOwnerHere);
    expect(zip.status).toBe(200);
    const entries = readStoredZip(await bytes(zip));
    expect(entries.map((entry) => entry.name)).toEqual(["DSCF0001.JPG"]);
    expect(entries[0]!.data.equals(original)).toBe(true);
  });
});

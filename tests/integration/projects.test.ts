// The project cards and the technology strip as data the owner edits: each
// save shows on the home page at once, and everything survives a restart, a
// backup and restore, and the S3 store; hostile input changes nothing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { mp4WithLocation, positionsIn } from "../support/location-corpus";
import { sendBigBody } from "../support/requests";
import {
  createProject,
  editProject,
  fakeMp4,
  fakeWebm,
  getProject,
  homeProjects,
  uploadMedia,
  type ApiProject,
} from "../support/projects";
import { startTestBucket, type TestBucket } from "../support/s3";
import { runScript } from "../support/scripts";
import { copyTemplateSite, loginAdmin, startServer, type TestServer } from "../support/server";
import { expectSoundStorage } from "../support/storage-check";

const PROJECTS_PAGE = "/photography/admin/site/projects";
const SAMPLE_FIRST = "Career Fair website";
const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-projects-"));
const servers: TestServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  fs.rmSync(base, { recursive: true, force: true });
});

async function start(dirs: { dataDir: string; uploadsDir: string }, env?: Record<string, string>) {
  const server = await startServer({ dirs, env });
  servers.push(server);
  return server;
}

async function bytesOf(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

/** The steps every store must pass: each save shows on the home page after one request. */
async function editEverything(url: string, token: string, cookie: string) {
  const sample = await homeProjects(url);
  expect(sample.cards).toHaveLength(7);
  expect(sample.cards[0]).toBe(SAMPLE_FIRST);
  expect(sample.technologies).toHaveLength(13);

  // A project with an image: cut to 16:9, its variants on the home page.
  const created = await createProject(url, token, {
    name: "Tide tables",
    demoUrl: "https://tides.example.com",
    tags: "Go, Maps",
  });
  expect(created.status).toBe(201);
  const image = (await created.json()) as ApiProject;
  expect(image.tags).toEqual(["Go", "Maps"]);
  // 4:3, small: the cut to the card's frame is checked, not the pixels.
  expect((await uploadMedia(url, token, image.id, { image: await makeJpeg(640, 480, 3) })).status).toBe(200);
  const withImage = await getProject(url, token, image.id);
  expect(withImage.media?.kind).toBe("image");
  const still = await bytesOf(`${url}${withImage.media!.src}`);
  expect(still.response.headers.get("content-type")).toBe("image/webp");
  const meta = await sharp(still.body).metadata();
  expect(meta.width! / meta.height!).toBeCloseTo(16 / 9, 1);
  expect(meta.exif).toBeUndefined();
  let home = await homeProjects(url);
  expect(home.cards.at(-1)).toBe("Tide tables");
  expect(home.media).toContain(withImage.media!.src);

  // A project with a video and its poster, served with ranges, and without the place a phone wrote into it.
  const video = (await (await createProject(url, token, { name: "Wave sim", demoUrl: "/life" })).json()) as ApiProject;
  const phoneClip = Buffer.concat([mp4WithLocation(), fakeMp4(64 * 1024).subarray(24)]);
  expect(positionsIn(phoneClip)).not.toEqual([]);
  const upload = await uploadMedia(url, token, video.id, {
    image: await makeJpeg(640, 360, 4),
    video: { data: phoneClip, filename: "clip.mp4", type: "video/mp4" },
  });
  expect(upload.status).toBe(200);
  const withVideo = await getProject(url, token, video.id);
  expect(withVideo.media).toMatchObject({ kind: "video", type: "video/mp4" });
  if (withVideo.media?.kind !== "video") throw new Error("no video");
  home = await homeProjects(url);
  expect(home.media).toEqual(expect.arrayContaining([withVideo.media.src, withVideo.media.poster]));
  const whole = await bytesOf(`${url}${withVideo.media.src}`);
  expect(whole.response.status).toBe(200);
  expect(whole.response.headers.get("accept-ranges")).toBe("bytes");
  const clip = whole.body;
  expect(positionsIn(clip)).toEqual([]);
  expect(clip.length).toBe(phoneClip.length);
  const frames = phoneClip.indexOf("mdat");
  expect(clip.subarray(frames).equals(phoneClip.subarray(frames))).toBe(true);
  const part = await bytesOf(`${url}${withVideo.media.src}`, { Range: "bytes=100-1123" });
  expect(part.response.status).toBe(206);
  expect(part.response.headers.get("content-range")).toBe(`bytes 100-1123/${clip.length}`);
  expect(part.response.headers.get("content-type")).toBe("video/mp4");
  expect(part.response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(part.body.equals(clip.subarray(100, 1124))).toBe(true);
  const tail = await bytesOf(`${url}${withVideo.media.src}`, { Range: "bytes=-16" });
  expect(tail.response.status).toBe(206);
  expect(tail.body.equals(clip.subarray(clip.length - 16))).toBe(true);
  expect((await fetch(`${url}${withVideo.media.src}`, { headers: { Range: `bytes=${clip.length}-` } })).status).toBe(
    416,
  );

  // A new video alone keeps the card's still as its poster (copied to the new media's key).
  const posterBefore = await bytesOf(`${url}${withVideo.media.poster}`);
  const videoOnly = { video: { data: fakeMp4(8 * 1024), filename: "again.mp4", type: "video/mp4" } };
  expect((await uploadMedia(url, token, video.id, videoOnly)).status).toBe(200);
  const again = await getProject(url, token, video.id);
  if (again.media?.kind !== "video") throw new Error("no video");
  expect(again.media.poster).not.toBe(withVideo.media.poster);
  expect((await bytesOf(`${url}${again.media.poster}`)).body.equals(posterBefore.body)).toBe(true);
  expect((await bytesOf(`${url}${again.media.src}`)).body.length).toBe(8 * 1024);

  // Reordered: the video first.
  expect((await editProject(url, token, video.id, { position: 1 })).status).toBe(200);
  home = await homeProjects(url);
  expect(home.cards[0]).toBe("Wave sim");
  expect(home.cards[1]).toBe(SAMPLE_FIRST);

  // Hidden: gone from the home page and from visitors' API, kept for the owner.
  expect((await editProject(url, token, 1, { hidden: true })).status).toBe(200);
  home = await homeProjects(url);
  expect(home.cards).not.toContain(SAMPLE_FIRST);
  expect(home.cards).toHaveLength(8);
  const publicList = (await (await fetch(`${url}/api/project`)).json()) as { projects: ApiProject[] };
  expect(publicList.projects.map((p) => p.name)).not.toContain(SAMPLE_FIRST);
  expect(publicList.projects[0]).not.toHaveProperty("hidden");
  expect((await fetch(`${url}/api/project/1`)).status).toBe(404);

  // A new technology set, through the projects page's plain form.
  const saved = await fetch(`${url}${PROJECTS_PAGE}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: "intent=technologies&enabled=on&icons=python&icons=rust&icons=react",
  });
  expect(saved.status).toBe(200);
  home = await homeProjects(url);
  expect(home.technologies).toEqual(["Python", "Rust", "React"]);
  return { imageId: image.id, videoId: video.id };
}

/** What a restart, a restore or another store must keep. */
async function expectEdited(url: string) {
  const home = await homeProjects(url);
  expect(home.cards[0]).toBe("Wave sim");
  expect(home.cards).not.toContain(SAMPLE_FIRST);
  expect(home.cards).toContain("Tide tables");
  expect(home.technologies).toEqual(["Python", "Rust", "React"]);
  for (const media of home.media) expect((await fetch(`${url}${media}`)).status, media).toBe(200);
}

// Saved, refused, deleted, then kept over a restart and a backup: each step starts from the one before.
describe("projects on the disk store", { shuffle: false }, () => {
  const dirs = { dataDir: path.join(base, "disk/data"), uploadsDir: path.join(base, "disk/uploads") };
  let server: TestServer;
  let token: string;
  let cookie: string;
  let ids: { imageId: number; videoId: number };

  beforeAll(async () => {
    copyTemplateSite(dirs);
    server = await start(dirs);
    ({ token, cookie } = await loginAdmin(server.url));
  });

  it("shows each save on the home page at once", async () => {
    const etag = (await fetch(`${server.url}/?tab=projects`)).headers.get("etag");
    ids = await editEverything(server.url, token, cookie);
    expect((await fetch(`${server.url}/?tab=projects`)).headers.get("etag")).not.toBe(etag);
    expectSoundStorage(dirs);
  });

  it("refuses hostile input with the field named, changing nothing", async () => {
    const before = await getProject(server.url, token, ids.imageId);
    for (const demoUrl of ["javascript:alert(1)", "data:text/html,hi", "//evil.example.com", "/\\evil.example.com"]) {
      const response = await editProject(server.url, token, ids.imageId, { demoUrl, name: "Changed" });
      expect(response.status, demoUrl).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/^demoUrl must be/);
    }
    const created = await createProject(server.url, token, {
      name: "Bad",
      demoUrl: "/ok",
      codeUrl: "javascript:void 0",
    });
    expect(created.status).toBe(400);
    expect(((await created.json()) as { message: string }).message).toMatch(/^codeUrl must be/);

    const notVideo = await uploadMedia(server.url, token, ids.imageId, {
      image: await makeJpeg(640, 360, 9),
      video: { data: Buffer.from("<html>not a video</html>".repeat(100)), filename: "clip.mp4", type: "video/mp4" },
    });
    expect(notVideo.status).toBe(415);
    expect(await notVideo.json()).toMatchObject({ field: "video" });

    const notImage = await uploadMedia(server.url, token, ids.imageId, { image: Buffer.from("GIF89a but not really") });
    expect(notImage.status).toBe(415);
    expect(await notImage.json()).toMatchObject({ field: "image" });

    // A video alone needs a poster on a card with no still to keep.
    const bare = (await (await createProject(server.url, token, { name: "Bare", demoUrl: "/x" })).json()) as ApiProject;
    const noPoster = await uploadMedia(server.url, token, bare.id, {
      video: { data: fakeWebm(), filename: "clip.webm", type: "video/webm" },
    });
    expect(noPoster.status).toBe(400);
    expect(await noPoster.json()).toMatchObject({ field: "image" });
    expect((await getProject(server.url, token, bare.id)).media).toBeNull();
    expect(
      (
        await fetch(`${server.url}/api/project/${bare.id}`, {
          method: "DELETE",
          headers: { Authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(204);

    // Sent whole whatever the server answers meanwhile: fetch would fail writing the rest once the 413 has come.
    const boundary = "huge-video";
    const part = (name: string, filename: string, type: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
    const huge = await sendBigBody(server.url, {
      method: "POST",
      path: `/api/project/${ids.imageId}/media`,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": `multipart/form-data; boundary=${boundary}` },
      prefix: Buffer.concat([
        Buffer.from(part("image", "still.jpg", "image/jpeg")),
        await makeJpeg(640, 360, 10),
        Buffer.from(`\r\n${part("video", "huge.mp4", "video/mp4")}`),
        fakeMp4().subarray(0, 32),
      ]),
      suffix: `\r\n--${boundary}--\r\n`,
      bytes: 60 * 1024 * 1024,
      declareLength: true,
    });
    expect(huge.statuses[0]).toBe(413);

    expect(await getProject(server.url, token, ids.imageId)).toEqual(before);
    expect((await fetch(`${server.url}${before.media!.src}`)).status).toBe(200);
    expectSoundStorage(dirs);
  });

  it("deletes a card and its media, through the API and the page's confirmed form", async () => {
    for (const via of ["api", "page"] as const) {
      const created = (await (
        await createProject(server.url, token, { name: `Gone ${via}`, demoUrl: "/life" })
      ).json()) as ApiProject;
      expect((await uploadMedia(server.url, token, created.id, { image: await makeJpeg(640, 360, 11) })).status).toBe(
        200,
      );
      const { media } = await getProject(server.url, token, created.id);
      const key = media!.src.split("/")[2]!;
      expect(fs.existsSync(path.join(dirs.uploadsDir, "images", key))).toBe(true);
      const response =
        via === "api"
          ? await fetch(`${server.url}/api/project/${created.id}`, {
              method: "DELETE",
              headers: { Authorization: `Bearer ${token}` },
            })
          : await fetch(`${server.url}${PROJECTS_PAGE}`, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
              body: `intent=delete&id=${created.id}`,
              redirect: "manual",
            });
      expect(response.status).toBe(via === "api" ? 204 : 303);
      expect((await fetch(`${server.url}/api/project/${created.id}`)).status).toBe(404);
      expect(fs.existsSync(path.join(dirs.uploadsDir, "images", key))).toBe(false);
      expect((await fetch(`${server.url}${media!.src}`)).status).toBe(404);
      expect((await homeProjects(server.url)).cards).not.toContain(`Gone ${via}`);
    }
    expectSoundStorage(dirs);
  });

  it("keeps everything over a restart", async () => {
    await server.stop();
    server = await start(dirs);
    await expectEdited(server.url);
    expect(server.output()).not.toContain("sample projects");
  });

  it("keeps everything over a backup and a restore into a fresh site", async () => {
    const folder = path.join(base, "backup");
    const backedUp = await runScript("backup", [folder], { DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir });
    expect(backedUp.code, backedUp.output).toBe(0);
    const fresh = { dataDir: path.join(base, "fresh/data"), uploadsDir: path.join(base, "fresh/uploads") };
    // A fresh site first fills in the samples; the restore replaces them.
    await (await start(fresh)).stop();
    const restored = await runScript("restore", [folder], { DATA_DIR: fresh.dataDir, UPLOADS_DIR: fresh.uploadsDir });
    expect(restored.code, restored.output).toBe(0);
    const again = await start(fresh);
    await expectEdited(again.url);
    expectSoundStorage(fresh);
  });
});

describe("projects on the S3 store", { shuffle: false }, () => {
  let bucket: TestBucket;

  beforeAll(async () => {
    bucket = await startTestBucket();
  });
  afterAll(async () => {
    await bucket?.close();
  });

  it("stores the media in the bucket under their own prefix and serves them", async () => {
    const dirs = { dataDir: path.join(base, "s3/data"), uploadsDir: path.join(base, "s3/uploads") };
    let server = await start(dirs, bucket.env);
    const { token, cookie } = await loginAdmin(server.url);
    await editEverything(server.url, token, cookie);
    expect((await bucket.objects()).some((name) => /^media\/project-[0-9a-f]{32}\/video\.mp4$/.test(name))).toBe(true);
    await server.stop();
    server = await start(dirs, bucket.env);
    await expectEdited(server.url);
  });

  it("moves the project media from the disk into the bucket with storage:migrate", async () => {
    const dirs = { dataDir: path.join(base, "migrate/data"), uploadsDir: path.join(base, "migrate/uploads") };
    const env = { DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir };
    // A site with the sample projects on the disk.
    copyTemplateSite(dirs);
    const onDisk = await start(dirs, { ...bucket.env, STORAGE: "local" });
    const before = await homeProjects(onDisk.url);
    await onDisk.stop();
    const migrated = await runScript("storage-migrate", ["--to", "s3"], { ...bucket.env, ...env, STORAGE: "local" });
    expect(migrated.code, migrated.output).toBe(0);
    expect(migrated.stdout).toMatch(/copied the media of 7 projects/);
    // The disk copy gone, the bucket serves them alone.
    fs.rmSync(path.join(dirs.uploadsDir, "images"), { recursive: true, force: true });
    const inBucket = await start(dirs, bucket.env);
    const after = await homeProjects(inBucket.url);
    expect(after).toEqual(before);
    for (const media of after.media) expect((await fetch(`${inBucket.url}${media}`)).status, media).toBe(200);
  });
});

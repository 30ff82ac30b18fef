// Converted originals (issue 28, record 093): what clients who download originals that are not JPEGs cost the server.
// A private album of camera-like 4000×3000 PNGs and a link that gives originals; each conversion runs in a child
// process of the server, whose CPU the server's own /proc figures include once it has ended.
import fs from "node:fs";
import sharp from "sharp";
import { ORIGINAL_FILE } from "~/server/storage/photo-store.server";
import { uploadImage, withComment } from "../../tests/support/images";
import { seedImages } from "../../tests/support/seed";
import { loginAdmin, startServer, type TestServer } from "../../tests/support/server";
import { shareKit } from "../../tests/support/share-links";
import { detailedPhoto } from "../detail-photo";
import { median, rssBytes, timeMs, type Row } from "./util";

const KEPT_CONVERSIONS = 70;
const LEAVING = 20;
const LEAVE_AFTER_MS = 300;
const DOWNLOADING = 10;
const UPLOADS = 3;
const IDLE_MS = 10_000;
const MB = 1024 * 1024;

/** The server's CPU seconds so far, its ended children's included (fields 14 to 17 of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const scene = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
  <rect width="100%" height="100%" fill="#8aa9c4"/>
  <circle cx="1300" cy="1100" r="600" fill="#f4a261"/>
  <path d="M0 2300 Q 2000 1700 4000 2100 V 3000 H 0 Z" fill="#2a9d8f"/>
</svg>`;

export async function benchConversions(): Promise<Row[]> {
  const photo = await detailedPhoto(scene, 4000, 3000, 11);
  const png = await sharp(photo).png().toBuffer();
  // As the image and `npm start` run it (record 068).
  const server = await startServer({ env: { MALLOC_ARENA_MAX: "2" } });
  try {
    const session = await loginAdmin(server.url);
    const kit = shareKit(server, session);
    const album = await kit.createAlbum("Conversions", "conversions");
    const count = KEPT_CONVERSIONS + 1 + LEAVING + 1 + DOWNLOADING;
    const photos = await seedImages(
      server,
      session.token,
      Array.from({ length: count }, (_, i) => ({
        name: `Drawing ${i}`,
        photo: "png" as const,
        visibility: "hidden" as const,
        files: { [ORIGINAL_FILE]: png },
        albumIds: [album.id],
      })),
    );
    const grant = await kit.openLink(await kit.createLink(album.id, { label: "Originals", download: "original" }));
    const original = (id: number, signal?: AbortSignal) =>
      fetch(`${server.url}/photography/albums/conversions/download/${id}?size=original`, {
        headers: { Cookie: grant },
        signal,
      }).then(async (response) => {
        if (response.status !== 200) throw new Error(`original ${id}: ${response.status}`);
        await response.arrayBuffer();
      });
    const queue = photos.map((image) => image.id);
    const take = (n: number) => queue.splice(0, n);
    const pid = server.process.pid!;

    // Memory: one client after another, each conversion kept.
    const startRss = rssBytes(pid);
    for (const id of take(KEPT_CONVERSIONS)) await original(id);
    const afterRss = rssBytes(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idleRss = rssBytes(pid);

    // Clients who give up: each of LEAVING asks for another photo and leaves after LEAVE_AFTER_MS.
    const one = await cpuOf(server, () => original(take(1)[0]!));
    const leavers = take(LEAVING);
    const lastInLine = take(1)[0]!;
    const left = await cpuOf(server, async () => {
      await Promise.all(leavers.map((id) => original(id, AbortSignal.timeout(LEAVE_AFTER_MS)).catch(() => undefined)));
      // The visitors' line is first in, first out: once the last is served, every earlier one has been dealt with.
      await original(lastInLine);
    });

    // The owner's upload, alone and while clients download originals.
    const upload = async (tag: string) => {
      const response = await uploadImage(server.url, session.token, {
        data: withComment(photo, tag),
        filename: `${tag}.jpg`,
      });
      if (response.status !== 201) throw new Error(`upload: ${response.status}`);
    };
    const alone: number[] = [];
    for (let i = 0; i < UPLOADS; i++) alone.push(await timeMs(() => upload(`alone-${i}`)));
    const downloads = Promise.all(take(DOWNLOADING).map((id) => original(id)));
    const beside: number[] = [];
    for (let i = 0; i < UPLOADS; i++) beside.push(await timeMs(() => upload(`beside-${i}`)));
    await downloads;

    const pngMb = (png.length / MB).toFixed(1);
    return [
      {
        figure: `server RSS after ${KEPT_CONVERSIONS} conversions of a ${pngMb} MB 4000×3000 PNG (start ${(startRss / MB).toFixed(0)} MB, just after ${((afterRss - startRss) / MB).toFixed(0)} MB more), idle ${IDLE_MS / 1000} s`,
        target: "≤ 150 MB over the start",
        measured: `${((idleRss - startRss) / MB).toFixed(0)} MB`,
        ratio: ((idleRss - startRss) / MB / 150).toFixed(2),
      },
      {
        figure: `CPU of ${LEAVING} clients who each leave after ${LEAVE_AFTER_MS} ms (the server's CPU until one more is served, less one conversion: ${one.toFixed(2)} s)`,
        target: "≤ 1 conversion",
        measured: `${(left - one).toFixed(2)} s`,
        ratio: ((left - one) / one).toFixed(2),
      },
      {
        figure: `the owner's upload of a 4000×3000 camera-like JPEG while ${DOWNLOADING} clients download converted originals (alone: ${median(alone).toFixed(0)} ms, median of ${UPLOADS})`,
        target: "≤ 1.25 × alone",
        measured: `${median(beside).toFixed(0)} ms`,
        ratio: (median(beside) / median(alone) / 1.25).toFixed(2),
      },
    ];
  } finally {
    await server.stop();
  }
}

async function cpuOf(server: TestServer, work: () => Promise<unknown>): Promise<number> {
  const before = cpuSeconds(server.process.pid!);
  await work();
  return cpuSeconds(server.process.pid!) - before;
}

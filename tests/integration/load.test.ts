// Mixed load on loopback: 50 readers of pages, API and media for as long as 5
// uploaders store 6 photos each. Every answer has the expected status and no
// SQLITE_BUSY shows up, neither in an answer nor in the server's log. A bounded
// amount of work, not a fixed time: a busy machine makes it slower, not weaker.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg, uploadImage } from "../support/images";
import { seedPhotos } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const READERS = 50;
const UPLOADERS = 5;
const UPLOADS_EACH = 6;
/**
 * A reader's most requests (four rounds of its five kinds): readers stop when the uploads end or at this, so a machine
 * slowed by other work does not multiply the readers' requests with the uploads' time (about 2,300 on a busy run).
 */
const READER_STEPS = 20;
/** Only stops a hang: the work is fixed, so a busy machine just takes longer. */
const HANG_LIMIT_MS = 300_000;

let server: TestServer;
let token: string;
let seed = 0;

/** Small photos: the database writes are the same for any size, and the readers run only as long as the uploads. */
async function uploadOne(): Promise<Response> {
  seed++;
  return uploadImage(server.url, token, { data: await makeJpeg(400, 300, seed), filename: `load-${seed}.jpg` });
}

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
  // The readers' photos, made without the pipeline (the seed fixture); the uploads are the test's own.
  await seedPhotos(
    server,
    Array.from({ length: 12 }, (_, i) => ({ name: `load-${i}.jpg` })),
  );
});

afterAll(async () => {
  await server?.stop();
});

interface Tally {
  ok: number;
  failures: string[];
}

describe("mixed load", () => {
  it(
    `${READERS} readers while ${UPLOADERS} uploaders store ${UPLOADS_EACH} photos each: no errors, no SQLITE_BUSY`,
    async () => {
      const tallies = new Map<string, Tally>();
      const record = (kind: string, failure?: string) => {
        const tally = tallies.get(kind) ?? { ok: 0, failures: [] };
        if (failure) tally.failures.push(failure);
        else tally.ok++;
        tallies.set(kind, tally);
      };
      /** Fetches, reads the whole body, and records anything but the expected status (or a body mentioning SQLITE_BUSY). */
      const check = async (kind: string, request: () => Promise<Response>, expected: number): Promise<string> => {
        try {
          const response = await request();
          const body = await response.text();
          if (response.status !== expected || body.includes("SQLITE_BUSY"))
            record(kind, `${response.status} ${body.slice(0, 200)}`);
          else record(kind);
          return body;
        } catch (error) {
          record(kind, `${(error as Error).message} ${String((error as Error).cause ?? "")}`);
          return "";
        }
      };

      let mediaUrls: string[] = [];
      const refreshMedia = async () => {
        const body = await check("GET /api/image", () => fetch(`${server.url}/api/image?page=1`), 200);
        if (!body) return;
        const { images } = JSON.parse(body) as { images: { srcset: string; avifSrcset: string }[] };
        mediaUrls = images.flatMap((i) =>
          `${i.srcset}, ${i.avifSrcset}`.split(", ").map((entry) => entry.split(" ")[0]!),
        );
      };
      await refreshMedia();
      expect(mediaUrls.length).toBeGreaterThan(40);

      const readerSteps: (() => Promise<unknown>)[] = [
        () => check("GET /", () => fetch(`${server.url}/`), 200),
        () => check("GET /photography", () => fetch(`${server.url}/photography`), 200),
        refreshMedia,
        () => check("GET /api/image/random", () => fetch(`${server.url}/api/image/random?count=10`), 200),
        () => {
          const url = mediaUrls[Math.floor(Math.random() * mediaUrls.length)]!;
          return check("GET /media", () => fetch(`${server.url}${url}`), 200);
        },
      ];

      let uploading = true;
      const reader = async (index: number) => {
        for (let step = 0; step < READER_STEPS && (uploading || step === 0); step++) {
          await readerSteps[(index + step) % readerSteps.length]!();
        }
      };
      const uploader = async () => {
        for (let i = 0; i < UPLOADS_EACH; i++) await check("POST /api/image", uploadOne, 201);
      };
      const readers = Array.from({ length: READERS }, (_, i) => reader(i));
      await Promise.all(Array.from({ length: UPLOADERS }, () => uploader()));
      uploading = false;
      await Promise.all(readers);

      const summary = Object.fromEntries(
        [...tallies].map(([kind, t]) => [kind, { ok: t.ok, failed: t.failures.length }]),
      );
      console.log("load:", JSON.stringify(summary));
      const failures = [...tallies].flatMap(([kind, t]) => t.failures.map((f) => `${kind}: ${f}`));
      expect(failures.slice(0, 10)).toEqual([]);
      for (const [kind, tally] of tallies) expect(tally.ok, kind).toBeGreaterThan(UPLOADERS);
      expect(server.output()).not.toMatch(/SQLITE_BUSY|database is locked/);
      expect(server.output()).not.toMatch(/Error/);
    },
    HANG_LIMIT_MS,
  );
});

// HEIC files waiting for the one-at-a-time decoder hold no processing slot, so
// a JPEG is stored while they wait; a line too long for the decoder is refused
// with 503 and Retry-After instead of growing without bound.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg, uploadImage } from "../support/images";
import { imageRowCount } from "../support/inspect";
import { loginAdmin, ROOT, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

/** 13 MP in 3 KB (tests/fixtures/make-heic-fixtures.mjs): each decode keeps the decoder busy a second or more. */
const SLOW_HEIC = fs.readFileSync(path.join(ROOT, "tests/fixtures/slow-decode.heic"));

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startServer();
  token = (await loginAdmin(server.url)).token;
});
afterAll(() => server?.stop());

/** The same photo made a different file (a trailing `free` box), so no copy is refused as a duplicate. */
function slowHeic(copy: number): Buffer {
  const free = Buffer.alloc(12);
  free.writeUInt32BE(free.length);
  free.write("free", 4, "latin1");
  free.writeUInt32BE(copy, 8);
  return Buffer.concat([SLOW_HEIC, free]);
}

interface Sent {
  response: Promise<Response>;
  settled: () => boolean;
}

function send(data: Buffer, filename: string): Sent {
  let settled = false;
  const response = uploadImage(server.url, token, { data, filename }).finally(() => (settled = true));
  return { response, settled: () => settled };
}

/** Uploads past parsing and waiting for, or in, processing: each has its folder of variants in tmp/. */
function uploadsBeingProcessed(): number {
  const tmp = path.join(server.uploadsDir, "tmp");
  return fs.readdirSync(tmp).filter((entry) => fs.statSync(path.join(tmp, entry)).isDirectory()).length;
}

// One line of HEIC files proves both: each one admitted is a 13 MP decode (most of the file's CPU), so the line that
// refuses the fifth is the same line the JPEG passes.
describe("the processing queue", () => {
  it("refuses an HEIC with 503 and Retry-After when three already wait for the decoder, and stores a JPEG while they wait", async () => {
    const rows = imageRowCount(server.dataDir);
    const heics = [1, 2, 3, 4, 5].map((copy) => send(slowHeic(copy), `slow-${copy}.heic`));
    // One is decoded, three wait for the decoder, and the fifth is refused.
    const refused = await Promise.any(
      heics.map(async ({ response }) => ((await response).status === 503 ? response : Promise.reject())),
    );
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(((await refused.json()) as { message: string }).message).toBe(
      "The server is busy processing other photos. Try again in a moment.",
    );
    await waitUntil(() => uploadsBeingProcessed() === 4, "four HEIC uploads reach processing");

    const jpeg = await uploadImage(server.url, token, { data: await makeJpeg(40, 30), filename: "small.jpg" });
    expect(jpeg.status).toBe(201);
    // One HEIC is decoded at a time: the JPEG took the free processing slot, not a place behind the others.
    expect(heics.filter((heic) => !heic.settled()).length).toBeGreaterThanOrEqual(3);

    const statuses = (await Promise.all(heics.map((heic) => heic.response))).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 201, 201, 201, 503]);
    expect(imageRowCount(server.dataDir)).toBe(rows + 5);
    await waitUntil(() => uploadsBeingProcessed() === 0, "nothing left in tmp/");
  });
});

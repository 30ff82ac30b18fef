import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { scriptCommand } from "../support/scripts";
import { ROOT, startServer, untilExit, type TestServer } from "../support/server";

let server: TestServer | undefined;

afterAll(async () => {
  await server?.stop();
});

// `npm run seed` runs its own build of the server modules (build/scripts/seed.js):
// it must work on its own, as the built server does.
it("npm run seed adds the photos it is asked for, and the site serves them", async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-seed-"));
  const dirs = { dataDir: path.join(base, "data"), uploadsDir: path.join(base, "uploads") };
  const [node, seed] = scriptCommand("seed");
  const child = spawn(node, [...seed, "2"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dirs.dataDir, UPLOADS_DIR: dirs.uploadsDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seeded = await untilExit(child, "npm run seed", 120_000);
  expect(seeded.code, seeded.output).toBe(0);

  server = await startServer({ dirs });
  const list = (await (await fetch(`${server.url}/api/image`)).json()) as { images: { url: string }[] };
  expect(list.images).toHaveLength(2);
  expect((await fetch(`${server.url}${list.images[0]!.url}`)).status).toBe(200);
});

it("npm run seed -- 1 --detail makes a camera-like photo: 4000×3000 and megabytes of detail", async () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-seed-detail-"));
  const uploadsDir = path.join(base, "uploads");
  const [node, seed] = scriptCommand("seed");
  const child = spawn(node, [...seed, "1", "--detail"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: path.join(base, "data"), UPLOADS_DIR: uploadsDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const seeded = await untilExit(child, "npm run seed --detail", 120_000);
  expect(seeded.code, seeded.output).toBe(0);

  const [key] = fs.readdirSync(path.join(uploadsDir, "images"));
  const original = path.join(uploadsDir, "images", key!, "original");
  expect(fs.statSync(original).size).toBeGreaterThanOrEqual(1.5 * 1024 * 1024);
  const { width, height, format } = await sharp(original).metadata();
  expect({ width, height, format }).toEqual({ width: 4000, height: 3000, format: "jpeg" });
});

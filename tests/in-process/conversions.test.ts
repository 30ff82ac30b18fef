// Converted originals (issue 28): made once per photo and kept, and visitors who leave cost nothing, not even the
// conversion already running. Checked in process, where every request has provably started before any leaves.
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { db } from "~/server/data/db.server";
import { images, type ImageRow } from "~/server/data/schema";
import { convertedOriginalFile } from "~/server/downloads/conversions.server";
import { openTemplateSite } from "../support/in-process";
import { processFile, runningProcesses } from "../support/processes";
import { seedPhotos } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

const converted = () => fs.readdirSync(path.join(site.uploadsDir, "converted")).sort();
const rowOf = (id: number): ImageRow => db().select().from(images).where(eq(images.id, id)).get()!;
const stays = () => new AbortController().signal;

it("converts a photo once, however many ask at once, and keeps it", async () => {
  const [id] = await seedPhotos(site, [{ name: "Drawing", photo: "png" }]);
  const row = rowOf(id!);
  const asked = await Promise.all([1, 2, 3].map(() => convertedOriginalFile(row, { owner: false, signal: stays() })));
  expect(new Set(asked.map((file) => file.file)).size).toBe(1);
  const { ino } = fs.statSync(asked[0]!.file);
  expect(converted()).toEqual([`${row.storageKey}.jpg`]);
  // Asked again, it is the same file, not a new conversion.
  const again = await convertedOriginalFile(row, { owner: true, signal: stays() });
  expect(fs.statSync(again.file).ino).toBe(ino);
});

/** This process's conversion children (record 093: the built `convert-original.js`). */
function conversionChildren(): number[] {
  return runningProcesses()
    .filter(({ pid, parent }) => parent === process.pid && processFile(pid, "cmdline")?.includes("convert-original"))
    .map(({ pid }) => pid);
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

it("stops a running conversion when its only visitor leaves, and keeps nothing of it", async () => {
  const [leftId, nextId] = await seedPhotos(site, [
    { name: "Left running", photo: "png" },
    { name: "Next in line", photo: "png" },
  ]);
  const client = new AbortController();
  const asked = convertedOriginalFile(rowOf(leftId!), { owner: false, signal: client.signal });
  await until(() => conversionChildren().length === 1);
  const [child] = conversionChildren();
  client.abort(new Error("The client left"));
  await expect(asked).rejects.toThrow("The client left");
  await until(() => processFile(child!, "stat")?.includes(") Z") ?? true);
  // The visitors' line is one at a time: once the next is made, a conversion left running would have been kept.
  await convertedOriginalFile(rowOf(nextId!), { owner: false, signal: stays() });
  expect(converted()).not.toContain(`${rowOf(leftId!).storageKey}.jpg`);
  expect(fs.readdirSync(path.join(site.uploadsDir, "tmp"))).toEqual([]);
});

it("twenty visitors who leave cost no conversion; the line still serves the next", async () => {
  const ids = await seedPhotos(
    site,
    Array.from({ length: 21 }, (_, i) => ({ name: `Left ${i}`, photo: "png" as const })),
  );
  const before = converted().length;
  const leaving = ids.slice(0, 20).map((id) => {
    const client = new AbortController();
    const asked = convertedOriginalFile(rowOf(id), { owner: false, signal: client.signal });
    client.abort(new Error("The client left"));
    return asked.then(
      () => "waited for its photo",
      (error: Error) => error.message,
    );
  });
  const left = await Promise.all(leaving);
  // Each either left or was told the line is full (503); none waited for its photo.
  expect(left.every((message) => /client left|busy preparing/.test(message))).toBe(true);
  const next = await convertedOriginalFile(rowOf(ids[20]!), { owner: false, signal: stays() });
  expect(fs.existsSync(next.file)).toBe(true);
  // The line is first in, first out: everything queued before the last one has had its turn by now, and none was kept.
  expect(converted().length - before).toBe(1);
  expect(fs.readdirSync(path.join(site.uploadsDir, "tmp")).filter((name) => name.endsWith(".download"))).toEqual([]);
});

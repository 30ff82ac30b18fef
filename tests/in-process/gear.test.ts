// Camera and lens pages (record 078): the photos the request sees listed with that camera or lens, by its slug.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { OWNER, VISITOR } from "~/server/access/access.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { gearBySlug, visibleGearSlugs } from "~/server/photos/gear-pages.server";
import { listImages } from "~/server/photos/images.server";
import { parseListQuery } from "~/server/photos/list-query.server";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

function madeWith(ids: number[], cameraMake: string | null, cameraModel: string | null, lens: string | null) {
  db().update(images).set({ cameraMake, cameraModel, lens }).where(inArray(images.id, ids)).run();
}

const listed = (search: string, access = VISITOR) =>
  listImages(parseListQuery(new URLSearchParams(search)), access).images.map((image) => image.id);

it("lists a camera's photos under one slug however the make was written, a visitor never a hidden one", async () => {
  const [older, newer, hidden] = await seedPhotos(site, [
    { name: "Older", takenAt: new Date("2021-05-01T10:00:00Z") },
    { name: "Newer", takenAt: new Date("2023-05-01T10:00:00Z") },
    { name: "Hidden", visibility: "hidden", takenAt: new Date("2024-05-01T10:00:00Z") },
  ]);
  madeWith([older!], "Canon", "Canon EOS R5", "RF24-70mm F2.8 L IS USM");
  madeWith([newer!, hidden!], "Canon", "EOS R5", "RF50mm F1.2 L USM");

  expect(listed("camera=canon-eos-r5")).toEqual([newer, older]);
  expect(listed("camera=canon-eos-r5", OWNER)).toEqual([hidden, newer, older]);
  expect(gearBySlug({ kind: "camera", slug: "canon-eos-r5" }, VISITOR)).toMatchObject({
    name: "Canon EOS R5",
    count: 2,
    cover: { id: newer },
  });
  expect(gearBySlug({ kind: "camera", slug: "canon-eos-r5" }, OWNER)).toMatchObject({
    count: 3,
    cover: { id: hidden },
  });
  expect(listed("lens=rf50mm-f1-2-l-usm")).toEqual([newer]);
});

it("answers 404 for a camera or lens only hidden photos have, and leaves it out of the sitemap", async () => {
  const [id] = await seedPhotos(site, [{ name: "Secret camera", visibility: "hidden" }]);
  madeWith([id!], "Leica", "M11", "Summilux-M 1:1.4/35 ASPH.");
  expect(() => gearBySlug({ kind: "camera", slug: "leica-m11" }, VISITOR)).toThrow("There is no such camera");
  expect(() => gearBySlug({ kind: "lens", slug: "summilux-m-1-1-4-35-asph" }, VISITOR)).toThrow("no such lens");
  expect(gearBySlug({ kind: "lens", slug: "summilux-m-1-1-4-35-asph" }, OWNER).count).toBe(1);
  expect(visibleGearSlugs(VISITOR).camera).not.toContain("leica-m11");
  expect(visibleGearSlugs(OWNER).camera).toContain("leica-m11");

  // Made public, it is found at once: the slugs follow the content's version.
  db().update(images).set({ visibility: "public" }).where(eq(images.id, id!)).run();
  expect(gearBySlug({ kind: "camera", slug: "leica-m11" }, VISITOR).count).toBe(1);
});

it("refuses a list asked for by two of album, tag, camera and lens, naming the second", () => {
  expect(() => parseListQuery(new URLSearchParams("tag=1&camera=x"))).toThrow(/^camera /);
});

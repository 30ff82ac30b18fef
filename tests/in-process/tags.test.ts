// A photo's tags (record 075): one tag per slug, the keyword's path kept, and no tag left without photos.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tagSlug } from "~/lib/tags";
import { OWNER, VISITOR } from "~/server/access/access.server";
import { changeTags } from "~/server/photos/batch-tags.server";
import { deleteImage, updateImage } from "~/server/photos/image-store.server";
import { getImage } from "~/server/photos/images.server";
import { listTags, setImageTags } from "~/server/photos/tags.server";
import { db } from "~/server/data/db.server";
import { imageTags, tags } from "~/server/data/schema";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

const typed = (...names: string[]) => names.map((name) => ({ name, path: name }));
const tagRow = (slug: string) =>
  db()
    .select()
    .from(tags)
    .all()
    .find((tag) => tag.slug === slug);

it("makes one tag of names that differ in case or accents, named as first written, listed by name", async () => {
  const [first, second] = await seedPhotos(site, [{ name: "Harbour" }, { name: "Market" }]);
  setImageTags(first!, typed("Malmö", "harbour", "MALMO"));
  setImageTags(second!, typed("malmo", "Market"));
  expect(getImage(first!, OWNER).tags).toEqual(["harbour", "Malmö"]);
  expect(getImage(second!, OWNER).tags).toEqual(["Malmö", "Market"]);
});

it("keeps the path a keyword came with when the owner edits the photo's other tags", async () => {
  const [id] = await seedPhotos(site, [{ name: "Anna" }]);
  setImageTags(id!, [{ name: "Anna", path: "People|Anna" }]);
  updateImage(id!, { tags: typed("Anna", "Portrait") });
  const paths = db()
    .select({ path: imageTags.path })
    .from(imageTags)
    .all()
    .map((row) => row.path);
  expect(paths).toContain("People|Anna");
  expect(getImage(id!, OWNER).tags).toEqual(["Anna", "Portrait"]);
});

it("drops a tag once no photo has it, by an edit or a delete", async () => {
  const [edited, deleted] = await seedPhotos(site, [{ name: "Edited" }, { name: "Deleted" }]);
  setImageTags(edited!, typed("Fleeting"));
  setImageTags(deleted!, typed("Gone with it"));
  updateImage(edited!, { tags: [] });
  await deleteImage(deleted!);
  expect(tagRow("fleeting")).toBeUndefined();
  expect(tagRow("gone-with-it")).toBeUndefined();
});

it("skips names without letters or digits, cleans the rest and keeps at most 100", async () => {
  const [id] = await seedPhotos(site, [{ name: "Many" }]);
  setImageTags(id!, typed(" — ", "Fjord\u202E\u0000", ...Array.from({ length: 120 }, (_, i) => `tag ${i}`)));
  const names = getImage(id!, OWNER).tags;
  expect(names).toHaveLength(100);
  expect(names).toContain("Fjord");
});

it("gives every tag a slug for its address, keeping letters of other scripts", () => {
  expect(tagSlug("Café au lait")).toBe("cafe-au-lait");
  expect(tagSlug("京都 2024")).toBe("京都-2024");
  expect(tagSlug("Ærø / Skåne")).toBe("aero-skane");
  expect(tagSlug("!!!")).toBe("");
});

it("lists each tag a visitor sees once, with its count and newest taken photo, never a hidden one's", async () => {
  const [old, recent, hidden] = await seedPhotos(site, [
    { name: "Old tide", takenAt: new Date("2019-01-01T00:00:00Z") },
    { name: "Recent tide", takenAt: new Date("2022-01-01T00:00:00Z") },
    { name: "Hidden tide", visibility: "hidden", takenAt: new Date("2025-01-01T00:00:00Z") },
  ]);
  for (const id of [old!, recent!, hidden!]) setImageTags(id, typed("Tide"));
  setImageTags(hidden!, typed("Tide", "Only hidden"));
  const seen = (access: typeof OWNER) => listTags(access).map((tag) => [tag.name, tag.count, tag.cover.id]);
  expect(seen(VISITOR)).toContainEqual(["Tide", 2, recent]);
  expect(seen(VISITOR).map(([name]) => name)).not.toContain("Only hidden");
  expect(seen(OWNER)).toContainEqual(["Tide", 3, hidden]);
});

describe("tags for many photos at once", () => {
  it("adds and removes tags on every photo, keeping a kept tag's path, and drops a tag left without photos", async () => {
    const [a, b] = await seedPhotos(site, [{ name: "Batch A" }, { name: "Batch B" }]);
    setImageTags(a!, [
      { name: "Anna", path: "People|Anna" },
      { name: "Draft", path: "Draft" },
    ]);
    changeTags([a!, b!], ["anna", "Seaside"], ["DRAFT"]);
    expect(getImage(a!, OWNER).tags).toEqual(["Anna", "Seaside"]);
    expect(getImage(b!, OWNER).tags).toEqual(["Anna", "Seaside"]);
    const paths = db().select({ path: imageTags.path }).from(imageTags).where(eq(imageTags.imageId, a!)).all();
    expect(paths.map((row) => row.path).sort()).toEqual(["People|Anna", "Seaside"]);
    expect(tagRow("draft")).toBeUndefined();
  });

  it("changes nothing when one photo is gone or would pass 100 tags, naming why", async () => {
    const [full, other] = await seedPhotos(site, [{ name: "Full" }, { name: "Other" }]);
    setImageTags(full!, typed(...Array.from({ length: 100 }, (_, i) => `full ${i}`)));
    expect(() => changeTags([other!, full!], ["One more"], [])).toThrow(
      `add would give the photo with id ${full} more than 100 tags`,
    );
    expect(() => changeTags([other!, 999_999], ["One more"], [])).toThrow("There is no image with id 999999");
    expect(() => changeTags([other!], ["Both"], ["both"])).toThrow("remove names both, which add names too");
    expect(() => changeTags([other!], [" — "], [])).toThrow("add must name a tag, or remove must");
    expect(getImage(other!, OWNER).tags).toEqual([]);
    expect(tagRow("one-more")).toBeUndefined();
    // Replacing one of its own is room enough.
    changeTags([full!], ["One more"], ["full 0"]);
    expect(getImage(full!, OWNER).tags).toHaveLength(100);
  });
});

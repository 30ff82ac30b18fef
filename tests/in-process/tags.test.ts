// A photo's tags (record 075): one tag per slug, the keyword's path kept, and no tag left without photos.
import { afterAll, beforeAll, expect, it } from "vitest";
import { tagSlug } from "~/lib/tags";
import { OWNER } from "~/server/access/access.server";
import { deleteImage, updateImage } from "~/server/photos/image-store.server";
import { getImage } from "~/server/photos/images.server";
import { setImageTags } from "~/server/photos/tags.server";
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

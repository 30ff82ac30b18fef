// The photo search (record 076): what a search's words become, what the index holds and keeps current, who finds
// what, and the order and paging of the results, against the server's own functions. search.test.ts in
// tests/integration checks the page, the API and the header's form over HTTP.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchWords } from "~/lib/search";
import { OWNER, VISITOR, type Access } from "~/server/access/access.server";
import { createAlbum, updateAlbum } from "~/server/albums/albums.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { listCount, listImages, neighbours } from "~/server/photos/images.server";
import { deleteImage, updateImage } from "~/server/photos/image-store.server";
import { parseListQuery } from "~/server/photos/list-query.server";
import { matchExpression, searchIds } from "~/server/photos/search.server";
import { tidySearchIndex } from "~/server/photos/search-upkeep.server";
import { setImageTags } from "~/server/photos/tags.server";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos, type SeedPhoto } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

const search = (q: string, access: Access = VISITOR, more: Record<string, string> = {}) =>
  listImages(parseListQuery(new URLSearchParams({ q, ...more })), access);
const found = (q: string, access: Access = VISITOR) => search(q, access).images.map((image) => image.name);
const seed = (...photos: SeedPhoto[]) => seedPhotos(site, photos);

describe("a search's words", () => {
  it("are the runs of letters and digits, lower-cased, each once, at most twelve", () => {
    expect(searchWords("  Malmö, harbour!  HARBOUR ")).toEqual(["malmö", "harbour"]);
    expect(searchWords('say "cheese" OR NOT*')).toEqual(["say", "cheese", "or", "not"]);
    expect(searchWords("rock-n-roll")).toEqual(["rock", "n", "roll"]);
    expect(searchWords("京都 2024")).toEqual(["京都", "2024"]);
    expect(searchWords("!!! -- \"' *")).toEqual([]);
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(" "))).toHaveLength(12);
  });

  it("reach FTS5 only quoted, as prefixes, all required, never in the other viewer's album column", () => {
    expect(matchExpression(["say", 'a"b'], VISITOR)).toBe(
      '{name description tags camera albums_public taken} : ("say"* AND "a""b"*)',
    );
    expect(matchExpression(["x"], OWNER)).toBe('{name description tags camera albums_all taken} : ("x"*)');
  });

  it("empty, punctuation only or FTS5 syntax: nothing found, never an error", () => {
    for (const q of ["", "   ", "!!!", '"', "*", "NEAR(a b)", "a OR b", "-x", "{name}: y", "^z"]) {
      expect(() => search(q)).not.toThrow();
    }
    expect(search("").images).toEqual([]);
    expect(search("!!!").hasMore).toBe(false);
  });

  it("are refused where they make no sense, naming the field", () => {
    const refusal = (params: Record<string, string>) => () => parseListQuery(new URLSearchParams(params));
    expect(refusal({ q: "x", album: "1" })).toThrow(/q/);
    expect(refusal({ q: "x", sortField: "name" })).toThrow(/sortField/);
    expect(refusal({ sortField: "relevance" })).toThrow(/sortField/);
    expect(refusal({ q: "x".repeat(201) })).toThrow(/q/);
  });
});

describe("the index (record 092)", () => {
  it("keeps the prefixes of one, two and three letters: a short word reads one list, not every word it begins", () => {
    const table = db().$client.prepare("SELECT sql FROM sqlite_master WHERE name = 'photo_search'").get() as {
      sql: string;
    };
    expect(table.sql).toContain("prefix = '1 2 3'");
  });

  it("is merged into one piece when the content changed since it last was, and finds the same", async () => {
    tidySearchIndex();
    // Each photo's row is written alone, as the triggers write it: a piece of the index each.
    await seed(...Array.from({ length: 12 }, (_, i) => ({ name: `Tidied ${i + 1}` })));
    const pieces = () => (db().$client.prepare("SELECT count(*) AS n FROM photo_search_data").get() as { n: number }).n;
    const before = pieces();
    expect(tidySearchIndex()).toBe(true);
    expect(pieces()).toBeLessThan(before);
    expect(found("tidied")).toHaveLength(12);
    // Nothing changed since: nothing to merge.
    expect(tidySearchIndex()).toBe(false);
  });
});

describe("what a photo is found by", () => {
  it("its name and description by prefix, with accents folded both ways", async () => {
    await seed({ name: "Zqharbour in Malmö" }, { name: "Zqcafe", description: "Coffee at the Zqcafé Årsta" });
    expect(found("zqharb malmo")).toEqual(["Zqharbour in Malmö"]);
    expect(found("ZQCAFÉ arsta")).toEqual(["Zqcafe"]);
  });

  it("its tags, whole and by their keyword's path, as the tags change", async () => {
    const [id] = await seed({ name: "Zqtagged" });
    setImageTags(id!, [{ name: "Zqanna", path: "Zqpeople|Zqanna" }]);
    expect(found("zqpeople")).toEqual(["Zqtagged"]);
    expect(found("zqanna")).toEqual(["Zqtagged"]);
    updateImage(id!, { tags: [{ name: "Zqlofoten", path: "Zqlofoten" }] });
    expect(found("zqanna")).toEqual([]);
    expect(found("zqlofot")).toEqual(["Zqtagged"]);
  });

  it("its camera and lens, and the year and month it was taken on the camera's clock", async () => {
    const [june, july] = await seed(
      { name: "Zqjune", takenAt: new Date(Date.UTC(2024, 5, 12, 10)) },
      { name: "Zqjuly", takenAt: new Date(Date.UTC(2024, 5, 30, 23, 30)) },
    );
    db()
      .update(images)
      .set({ cameraMake: "Zqfujifilm", cameraModel: "X-T5", lens: "XF23mmF1.4" })
      .where(eq(images.id, june!))
      .run();
    // 23:30 UTC on 30 June is already 1 July on a clock an hour ahead.
    db().update(images).set({ takenOffset: 60 }).where(eq(images.id, july!)).run();
    expect(found("zqfuji xf23")).toEqual(["Zqjune"]);
    expect(found("zq june 2024")).toEqual(["Zqjune"]);
    expect(found("zq jul 2024")).toEqual(["Zqjuly"]);
    expect(found("zq 2024").sort()).toEqual(["Zqjuly", "Zqjune"]);
  });

  it("the names of its albums: a public album's for everyone, a private or unlisted one's for the owner only", async () => {
    const [inPublic, inPrivate] = await seed({ name: "Zqwalked" }, { name: "Zqkept" });
    const walk = createAlbum({ name: "Zqcoastal walk", visibility: "public" });
    const secret = createAlbum({ name: "Zqsurprise party", visibility: "private" });
    const unlisted = createAlbum({ name: "Zqclient proofs", visibility: "unlisted" });
    updateImage(inPublic!, {}, { ids: [walk.id] });
    // Kept public: the photo is in the gallery, its album's name still finds it for the owner alone.
    updateImage(inPrivate!, {}, { ids: [secret.id, unlisted.id], keepPublic: true });
    expect(found("zqcoastal")).toEqual(["Zqwalked"]);
    expect(found("zqsurprise")).toEqual([]);
    expect(found("zqclient")).toEqual([]);
    expect(found("zqsurprise", OWNER)).toEqual(["Zqkept"]);
    expect(found("zqkept")).toEqual(["Zqkept"]);
    updateAlbum(secret.id, { visibility: "public" });
    expect(found("zqsurprise")).toEqual(["Zqkept"]);
    updateAlbum(walk.id, { name: "Zqstroll by the sea", visibility: "private" });
    expect(found("zqcoastal", OWNER)).toEqual([]);
    expect(found("zqstroll")).toEqual([]);
    expect(found("zqstroll", OWNER)).toEqual(["Zqwalked"]);
  });

  it("never, for a visitor, when hidden; and not at all once deleted", async () => {
    const [hidden, gone] = await seed({ name: "Zqhidden", visibility: "hidden" }, { name: "Zqgone" });
    expect(found("zqhidden")).toEqual([]);
    expect(found("zqhidden", OWNER)).toEqual(["Zqhidden"]);
    expect(listCount({ access: VISITOR, search: ["zqhidden"] })).toBe(0);
    updateImage(hidden!, { visibility: "public" });
    expect(found("zqhidden")).toEqual(["Zqhidden"]);
    await deleteImage(gone!);
    expect(found("zqgone", OWNER)).toEqual([]);
  });
});

describe("the results", () => {
  it("rank a match in the name above one in the description, then newest taken first", async () => {
    // Same lengths: bm25 favours shorter text, so only these tie.
    const taken = (day: number) => new Date(Date.UTC(2023, 0, day));
    await seed(
      { name: "Zqrank older", description: "zqlighthouse", takenAt: taken(1) },
      { name: "Zqrank zqlighthouse", takenAt: taken(2) },
      { name: "Zqrank newer", description: "zqlighthouse", takenAt: taken(3) },
    );
    expect(found("zqlighthouse")).toEqual(["Zqrank zqlighthouse", "Zqrank newer", "Zqrank older"]);
  });

  it("past MOST_RANKED matches go newest taken first, the best match in its place by date, hidden ones left out", async () => {
    const day = (n: number) => new Date(Date.UTC(2021, 0, 1 + n));
    // The best match (the word twice in a short name) is the oldest: ranked, it comes first.
    const ids = await seed(
      { name: "Zqbroad zqbroad", takenAt: day(0) },
      ...[1, 2, 3].map((n) => ({ name: `Zqbroad ${n}`, description: "zqbroad by the harbour", takenAt: day(n) })),
      { name: "Zqbroad hidden", takenAt: day(4), visibility: "hidden" },
    );
    const [best, one, two, three, hidden] = ids;
    expect(searchIds(["zqbroad"], VISITOR, 10)).toEqual([best, three, two, one]);
    // Five matches (the hidden one counted) are more than four: by date; the visitor's page still lacks the hidden one.
    expect(searchIds(["zqbroad"], VISITOR, 10, 0, 4)).toEqual([three, two, one, best]);
    expect(searchIds(["zqbroad"], OWNER, 2, 1, 4)).toEqual([three, two]);
    expect(searchIds(["zqbroad"], OWNER, 1, 0, 4)).toEqual([hidden]);
    expect(searchIds(["zqbroad"], VISITOR, 10, 0, 5)[0]).toBe(best);
  });

  it("page by the cursor with nothing missed or repeated, count the same, and step the viewer in their order", async () => {
    const photos = Array.from({ length: 26 }, (_, i) => ({
      name: `Zqpaged ${i}`,
      takenAt: new Date(Date.UTC(2022, 0, 1 + i)),
    }));
    const ids = await seed(...photos);
    const first = search("zqpaged");
    expect(first.images).toHaveLength(24);
    expect(first.hasMore).toBe(true);
    const second = search("zqpaged", VISITOR, { cursor: first.nextCursor! });
    expect(second.hasMore).toBe(false);
    const names = [...first.images, ...second.images].map((image) => image.name);
    expect(names).toEqual(photos.map((photo) => photo.name).reverse());
    expect(listCount({ access: VISITOR, search: ["zqpaged"] })).toBe(26);
    expect(neighbours(ids[10]!, { access: VISITOR, search: ["zqpaged"] })).toEqual({
      previous: ids[11],
      next: ids[9],
    });
  });
});

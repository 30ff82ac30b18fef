import { describe, expect, it } from "vitest";
import { z } from "zod";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { MAX_SLUG_LENGTH } from "~/lib/slug";
import { parseAlbumId, parseAlbumIds, parseAlbumInput } from "~/server/albums/album-input.server";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput } from "~/server/http/input.server";
import { parseImageText } from "~/server/photos/image-input.server";
import { encodeCursor, parseListQuery, parseRandomCount } from "~/server/photos/list-query.server";

/** The HttpError `fn` throws. */
function refusal(fn: () => unknown): HttpError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return error as HttpError;
  }
  throw new Error("accepted");
}

const query = (search: string) => parseListQuery(new URLSearchParams(search));
const create = (body: Record<string, unknown>) => parseAlbumInput(body, { create: true });
const edit = (body: Record<string, unknown>) => parseAlbumInput(body, { create: false });

describe("every refused field is named at the start of its 400", () => {
  it.each([
    ["page", () => query("page=0")],
    ["sortField", () => query("sortField=id")],
    ["sortOrder", () => query("sortOrder=up")],
    ["cursor", () => query("cursor=bad")],
    ["album", () => query("album=x")],
    ["count", () => parseRandomCount(new URLSearchParams("count=99"))],
    ["name", () => parseImageText({ name: "\u202E" })],
    ["description", () => parseImageText({ name: "x", description: ["a"] })],
    ["name", () => create({ description: "no name" })],
    ["description", () => create({ name: "x", description: "d".repeat(MAX_DESCRIPTION_LENGTH + 1) })],
    ["slug", () => create({ name: "x", slug: "Not A Slug" })],
    ["coverId", () => edit({ coverId: "first" })],
    ["position", () => edit({ position: "0" })],
    ["albumIds\\[1\\]", () => parseAlbumIds([1, "two"])],
  ])("%s (case %#)", (field, fn) => {
    const { status, message } = refusal(fn);
    expect(status).toBe(400);
    expect(message).toMatch(new RegExp(`^${field} (must|is|was) `));
  });
});

describe("parseListQuery", () => {
  it("reads album= as an album id", () => {
    expect(query("album=7").albumId).toBe(7);
    expect(query("")).not.toHaveProperty("albumId");
    expect(refusal(() => query("album=0")).message).toBe("album must be an album id, a positive whole number");
  });

  it("reads the first of repeated parameters, and an empty cursor as none", () => {
    expect(query("page=2&page=x&cursor=")).toMatchObject({ page: 2, cursor: undefined });
  });

  it("refuses a cursor made for another sort, naming both", () => {
    const cursor = encodeCursor({ sortField: "name", sortOrder: "asc", values: ["Harbour", 3] });
    expect(refusal(() => query(`cursor=${cursor}`)).message).toBe(
      "cursor was made for sortField=name&sortOrder=asc; send the same sortField and sortOrder as the answer it came from",
    );
  });
});

describe("parseAlbumInput", () => {
  it("creates with a cleaned name and only the fields sent", () => {
    expect(create({ name: " Harbour\u202E ", description: null, slug: "", coverId: 4, position: 2, x: 1 })).toEqual({
      name: "Harbour",
    });
    expect(create({ name: "Harbour", description: " Boats\r\n ", slug: "harbour-2" })).toEqual({
      name: "Harbour",
      description: "Boats",
      slug: "harbour-2",
    });
  });

  it("edits only what was sent; an empty or null cover unsets it", () => {
    expect(edit({})).toEqual({});
    expect(edit({ name: undefined, position: "3" })).toEqual({ position: 3 });
    expect(edit({ coverId: "" })).toEqual({ coverId: null });
    expect(edit({ coverId: null })).toEqual({ coverId: null });
    expect(edit({ coverId: 12 })).toEqual({ coverId: 12 });
    expect(edit({ coverId: "12" })).toEqual({ coverId: 12 });
  });

  it.each([
    [{}, "name must be a string"],
    [{ name: null }, "name must be a string"],
    [{ name: " \t " }, "name must not be empty"],
    [{ name: "n".repeat(MAX_NAME_LENGTH + 1) }, `name must be at most ${MAX_NAME_LENGTH} characters`],
    [{ name: "x", description: 5 }, "description must be a string"],
    [
      { name: "x", slug: "a--b" },
      `slug must be lowercase letters, digits and single hyphens, at most ${MAX_SLUG_LENGTH} characters`,
    ],
    [{ name: "x", slug: "a".repeat(MAX_SLUG_LENGTH + 1) }, /^slug must be lowercase/],
  ])("create %o → 400 %s", (body, message) => {
    expect(refusal(() => create(body)).message).toMatch(message);
  });

  it.each([
    [{ name: null }, "name must be a string"],
    [{ coverId: 0 }, "coverId must be a photo id or null"],
    [{ coverId: 1.5 }, "coverId must be a photo id or null"],
    [{ coverId: true }, "coverId must be a photo id or null"],
    [{ position: "1e3" }, "position must be a whole number of at least 1"],
    [{ position: 1_000_001 }, "position must be a whole number of at least 1"],
  ])("edit %o → 400 %s", (body, message) => {
    expect(refusal(() => edit(body)).message).toBe(message);
  });
});

describe("album ids", () => {
  it("take numbers or digits, once each", () => {
    expect(parseAlbumIds([3, "1", 3, "3"])).toEqual([3, 1]);
    expect(parseAlbumIds([])).toEqual([]);
    expect(parseAlbumId("42")).toBe(42);
  });

  it.each([["1"], [{ 0: 1 }], [Array.from({ length: 1001 }, (_, i) => i + 1)]])("refuse %j", (value) => {
    expect(refusal(() => parseAlbumIds(value)).message).toBe(
      "albumIds must be an array of album ids (positive whole numbers)",
    );
  });

  it.each([[[0]], [[-1]], [[1.5]], [[null]], [[[1]]]])("refuse %j, naming the item", (value) => {
    expect(refusal(() => parseAlbumIds(value)).message).toBe(
      "albumIds[0] must be an album id (a positive whole number)",
    );
  });

  it.each([undefined, "", "0", "x", "1.0"])("refuse the album id %j", (raw) => {
    expect(refusal(() => parseAlbumId(raw)).message).toBe("The album id must be a positive whole number");
  });
});

describe("a refusal names the exact field, to the item, in its message and its `field`", () => {
  it.each([
    ["links[2].url", { links: [{ url: "" }, { url: "" }, { url: "javascript:x" }] }],
    ["settings.accent", { settings: { accent: "mauve" } }],
    ["tags[1]", { tags: ["a", 7] }],
  ])("%s", (field, value) => {
    const schema = z.object({
      links: z.array(z.object({ url: z.string().refine((url) => !url.startsWith("javascript:"), "must be safe") })),
      settings: z.object({ accent: z.enum(["blue"], { error: "must be blue" }) }),
      tags: z.array(z.string({ error: "must be a string" })),
    });
    const complete = { links: [], settings: { accent: "blue" }, tags: [], ...value };
    const error = refusal(() => parseInput(schema, complete));
    expect(error.message).toMatch(new RegExp(`^${field.replace(/[[\].]/g, "\\$&")} must `));
    expect(error.extra).toEqual({ field });
    expect(error.toResponse().status).toBe(400);
  });

  it("names no field for the value as a whole", () => {
    const error = refusal(() => parseInput(z.object({}, { error: "Send a JSON object." }), 5));
    expect(error.message).toBe("Send a JSON object.");
    expect(error.extra).toEqual({});
  });
});

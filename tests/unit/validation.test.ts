import { describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import { HttpError } from "~/server/core/http-error.server";
import { cleanFilename, parseImageId, parseImageText } from "~/server/photos/image-input.server";
import {
  decodeCursor,
  encodeCursor,
  parseListQuery,
  parseRandomCount,
  type Cursor,
} from "~/server/photos/list-query.server";

/** Runs `fn`, expecting it to throw an HttpError; returns its status and message. */
async function rejection(fn: () => unknown): Promise<{ status: number; message: string }> {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(HttpError);
  const { status, message } = thrown as HttpError;
  return { status, message };
}

const query = (search: string) => parseListQuery(new URLSearchParams(search));

describe("parseListQuery", () => {
  it("defaults to page 1, newest first", () => {
    expect(query("")).toEqual({
      page: 1,
      sortField: "uploaded_at",
      sortOrder: "desc",
      cursor: undefined,
      onlyFavourites: false,
    });
  });

  it("reads the favourites filter, only=favourites, and refuses another value naming the field", async () => {
    expect(query("album=3&only=favourites")).toMatchObject({ albumId: 3, onlyFavourites: true });
    expect(await rejection(() => query("only=mine"))).toEqual({ status: 400, message: "only must be favourites" });
  });

  it("reads every sort field and order", () => {
    for (const sortField of ["uploaded_at", "name", "size"]) {
      for (const sortOrder of ["asc", "desc"]) {
        expect(query(`page=3&sortField=${sortField}&sortOrder=${sortOrder}`)).toEqual({
          page: 3,
          sortField,
          sortOrder,
          cursor: undefined,
          onlyFavourites: false,
        });
      }
    }
  });

  it.each(["0", "-1", "1.5", "abc", "", "1e3", " 2", "99999999999999999"])("page=%s → 400", async (page) => {
    const { status, message } = await rejection(() => query(`page=${encodeURIComponent(page)}`));
    expect(status).toBe(400);
    expect(message).toBe("page must be a whole number of at least 1");
  });

  it.each(["date", "id", "NAME", ""])("sortField=%s → 400", async (field) => {
    expect(await rejection(() => query(`sortField=${field}`))).toEqual({
      status: 400,
      message: "sortField must be one of uploaded_at, name, size, taken_at, position, featured, relevance",
    });
  });

  it.each(["ascending", "DESC", ""])("sortOrder=%s → 400", async (order) => {
    expect(await rejection(() => query(`sortOrder=${order}`))).toEqual({
      status: 400,
      message: "sortOrder must be asc or desc",
    });
  });

  it("round-trips a cursor", () => {
    const cursors: Cursor[] = [
      { sortField: "uploaded_at", sortOrder: "desc", values: [1700000000000, 7] },
      { sortField: "name", sortOrder: "asc", values: ["Sunset, 2024", 12] },
      { sortField: "taken_at", sortOrder: "desc", values: [0, 1718460000000, 3] },
      { sortField: "taken_at", sortOrder: "asc", values: [1, 0, 9] },
    ];
    for (const cursor of cursors) {
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
      const sort = `sortField=${cursor.sortField}&sortOrder=${cursor.sortOrder}`;
      expect(query(`${sort}&cursor=${encodeCursor(cursor)}`).cursor).toEqual(cursor);
    }
  });

  it.each([
    "garbage!",
    Buffer.from("{}").toString("base64url"),
    Buffer.from("[1]").toString("base64url"),
    Buffer.from('[1, "2"]').toString("base64url"),
    Buffer.from("[1.5, 2]").toString("base64url"),
    Buffer.from("[null, 2]").toString("base64url"),
    Buffer.from("[1, 2, 3]").toString("base64url"),
    Buffer.from('["taken_at", "desc", 2, 0, 9]').toString("base64url"),
    Buffer.from('["taken_at", "desc", 1700000000000, 9]').toString("base64url"),
    Buffer.from('["name", "asc", 5, 9]').toString("base64url"),
  ])("cursor=%s → 400", async (cursor) => {
    const { status, message } = await rejection(() => query(`cursor=${cursor}`));
    expect(status).toBe(400);
    expect(message).toMatch(/^cursor is not valid/);
  });
});

describe("parseRandomCount", () => {
  it("defaults to 10 and accepts 1 to 50", () => {
    expect(parseRandomCount(new URLSearchParams())).toBe(10);
    expect(parseRandomCount(new URLSearchParams("count=1"))).toBe(1);
    expect(parseRandomCount(new URLSearchParams("count=50"))).toBe(50);
  });

  it.each(["0", "51", "-3", "2.5", "ten", ""])("count=%s → 400", async (count) => {
    expect(await rejection(() => parseRandomCount(new URLSearchParams(`count=${count}`)))).toEqual({
      status: 400,
      message: "count must be a whole number from 1 to 50",
    });
  });
});

describe("parseImageId", () => {
  it("accepts positive whole numbers", () => {
    expect(parseImageId("1")).toBe(1);
    expect(parseImageId("123456")).toBe(123456);
  });

  it.each([undefined, "", "0", "-1", "1.5", "1e2", "../etc", "..%2F..%2Fetc", "12abc", "99999999999999999"])(
    "%s → 400",
    async (raw) => {
      expect(await rejection(() => parseImageId(raw))).toEqual({
        status: 400,
        message: "The image id must be a positive whole number",
      });
    },
  );
});

describe("parseImageText", () => {
  it("trims both texts and defaults the description", () => {
    expect(parseImageText({ name: "  Harbour  ", description: "  at dawn \n" })).toEqual({
      name: "Harbour",
      description: "at dawn",
    });
    expect(parseImageText({ name: "Harbour" })).toEqual({ name: "Harbour", description: "" });
    expect(parseImageText({ name: "Harbour", description: null })).toEqual({ name: "Harbour", description: "" });
  });

  it("accepts the longest allowed texts", () => {
    const text = { name: "n".repeat(MAX_NAME_LENGTH), description: "d".repeat(MAX_DESCRIPTION_LENGTH) };
    expect(parseImageText(text)).toEqual(text);
  });

  it.each([
    [{}, "name must be a string"],
    [{ name: 5 }, "name must be a string"],
    [{ name: "" }, "name must not be empty"],
    [{ name: "   " }, "name must not be empty"],
    [{ name: "x", description: 3 }, "description must be a string"],
    [{ name: "n".repeat(MAX_NAME_LENGTH + 1) }, `name must be at most ${MAX_NAME_LENGTH} characters`],
    [
      { name: "x", description: "d".repeat(MAX_DESCRIPTION_LENGTH + 1) },
      `description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
    ],
  ])("%o → 400 %s", async (input, message) => {
    expect(await rejection(() => parseImageText(input))).toEqual({ status: 400, message });
  });
});

/** U+0000 and the bidi embeddings, overrides and isolates: invisible, and they can disguise a name ("photo\u202Egpj.exe"). */
const STRIPPED_EVERYWHERE = [
  "\u0000",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];
/** Other control characters: C0 (but tab and line breaks), DEL and C1. */
const OTHER_CONTROLS = [
  "\u0001",
  "\u0007",
  "\u0008",
  "\u000B",
  "\u000C",
  "\u001B",
  "\u001F",
  "\u007F",
  "\u0080",
  "\u0085",
  "\u009F",
];

describe("parseImageText cleans the texts", () => {
  const codePoint = (c: string) => c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  it.each([...STRIPPED_EVERYWHERE, ...OTHER_CONTROLS].map((c) => [codePoint(c), c]))(
    "drops U+%s from the name and the description",
    (_, control) => {
      expect(
        parseImageText({ name: `Har${control}bour${control}`, description: `${control}Fog${control} at dawn` }),
      ).toEqual({
        name: "Harbour",
        description: "Fog at dawn",
      });
    },
  );

  it("turns line breaks and tabs in a name into one space: a name is one line", () => {
    expect(parseImageText({ name: "Harbour\r\nat\tdawn\n" }).name).toBe("Harbour at dawn");
  });

  it("keeps a description's tabs and line breaks, written as \\n", () => {
    expect(parseImageText({ name: "x", description: "Fog\r\nover\rthe\nwater\n\n\tat dawn" }).description).toBe(
      "Fog\nover\nthe\nwater\n\n\tat dawn",
    );
  });

  it("keeps every other character: right-to-left text, bidi marks, emoji sequences, accents", () => {
    const text = { name: "שלום \u200Fעולם\u200E Ærø 👩‍👩‍👧 e\u0301", description: "مرحبا\u061C — «quoted» 東京" };
    expect(parseImageText(text)).toEqual(text);
  });

  it.each(["\u202E", "\u0000\u2066 \u2069", " \u202A\t\u202C "])(
    "refuses a name of only control characters like a blank one (case %#)",
    async (name) => {
      expect(await rejection(() => parseImageText({ name }))).toEqual({
        status: 400,
        message: "name must not be empty",
      });
    },
  );

  it("measures the lengths after cleaning", () => {
    const name = `${"n".repeat(MAX_NAME_LENGTH)}${"\u202E".repeat(20)}`;
    const description = `${"d".repeat(MAX_DESCRIPTION_LENGTH)}${"\u0000".repeat(20)}`;
    expect(parseImageText({ name, description })).toEqual({
      name: "n".repeat(MAX_NAME_LENGTH),
      description: "d".repeat(MAX_DESCRIPTION_LENGTH),
    });
  });
});

describe("cleanFilename", () => {
  it("keeps the base name only, as sent", () => {
    expect(cleanFilename("C:\\Users\\me\\Café 東京.jpg")).toBe("Café 東京.jpg");
    expect(cleanFilename("../../etc/passwd")).toBe("passwd");
  });

  it("drops control and bidi characters, so a name cannot pose as another", () => {
    expect(cleanFilename("photo\u202Egpj.exe")).toBe("photogpj.exe");
    expect(cleanFilename("a\u0000b\u2067c\u0007.jpg")).toBe("abc.jpg");
  });

  it.each([undefined, "", "\u202E\u2069", "/"])('names a file without a usable name "image" (case %#)', (raw) => {
    expect(cleanFilename(raw)).toBe("image");
  });
});

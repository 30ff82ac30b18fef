import { describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "~/lib/limits";
import {
  decodeCursor,
  encodeCursor,
  parseImageId,
  parseImageText,
  parseListQuery,
  parseRandomCount,
} from "~/server/validation.server";

/** Runs `fn`, expecting it to throw a JSON Response; returns its status and message. */
async function rejection(fn: () => unknown): Promise<{ status: number; message: string }> {
  let thrown: unknown;
  try {
    fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  const body = (await response.json()) as { message: string };
  return { status: response.status, message: body.message };
}

const query = (search: string) => parseListQuery(new URLSearchParams(search));

describe("parseListQuery", () => {
  it("defaults to page 1, newest first", () => {
    expect(query("")).toEqual({ page: 1, sortField: "uploaded_at", sortOrder: "desc", cursor: undefined });
  });

  it("reads every sort field and order", () => {
    for (const sortField of ["uploaded_at", "name", "size"]) {
      for (const sortOrder of ["asc", "desc"]) {
        expect(query(`page=3&sortField=${sortField}&sortOrder=${sortOrder}`)).toEqual({
          page: 3,
          sortField,
          sortOrder,
          cursor: undefined,
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
      message: "sortField must be one of uploaded_at, name, size",
    });
  });

  it.each(["ascending", "DESC", ""])("sortOrder=%s → 400", async (order) => {
    expect(await rejection(() => query(`sortOrder=${order}`))).toEqual({
      status: 400,
      message: "sortOrder must be asc or desc",
    });
  });

  it("round-trips a cursor", () => {
    for (const cursor of [{ value: 1700000000000, id: 7 }, { value: "Sunset, 2024", id: 12 }]) {
      expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
      expect(query(`cursor=${encodeCursor(cursor)}`).cursor).toEqual(cursor);
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

// The album admin page's share-link form as the server reads it: empty fields are "none", the expiry is UTC.
import { describe, expect, it } from "vitest";
import { HttpError } from "~/server/core/http-error.server";
import { parseShareLinkForm, parseShareLinkInput } from "~/server/sharing/share-input.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the share-link form", () => {
  it("leaves out the empty fields", () => {
    expect(parseShareLinkForm(form({ label: "Ana", password: "", expiresDate: "", download: "" }))).toEqual({
      label: "Ana",
    });
  });

  it("reads the expiry's date and time as UTC, the end of the day when no time is given", () => {
    const withTime = parseShareLinkForm(form({ label: "Ana", expiresDate: "2030-02-03", expiresTime: "07:45" }));
    expect(withTime.expiresAt?.toISOString()).toBe("2030-02-03T07:45:00.000Z");
    const dayOnly = parseShareLinkForm(form({ label: "Ana", expiresDate: "2030-02-03" }));
    expect(dayOnly.expiresAt?.toISOString()).toBe("2030-02-03T23:59:00.000Z");
  });

  it("refuses a bad field by name", () => {
    expect(() => parseShareLinkForm(form({ label: "" }))).toThrow(/^label /);
    expect(() => parseShareLinkForm(form({ label: "Ana", expiresDate: "3 March" }))).toThrow(/^expiresAt /);
    expect(() => parseShareLinkForm(form({ label: "Ana", download: "all" }))).toThrow(HttpError);
  });
});

describe("the API's share-link fields", () => {
  it("takes null to remove a password or an expiry, and refuses a password past 72 bytes", () => {
    expect(parseShareLinkInput({ password: null, expiresAt: null }, { create: false })).toEqual({
      password: null,
      expiresAt: null,
    });
    expect(() => parseShareLinkInput({ label: "x", password: "é".repeat(37) }, { create: true })).toThrow(
      /^password must be text of 1 to 72 bytes/,
    );
  });
});

// The album admin page's share-link form as the server reads it: empty fields are "none", the expiry is read on the
// owner's clock (record 070) and stored as UTC; the zone rules themselves (lib/time-zone.ts).
import { describe, expect, it } from "vitest";
import { HttpError } from "~/server/core/http-error.server";
import {
  parseClientViewForm,
  parseShareLinkForm as parseIn,
  parseShareLinkInput,
  parseWatermarkForm,
} from "~/server/sharing/share-input.server";
import { formatInZone, zonedToUtc } from "~/lib/time-zone";

const NOW = new Date("2026-11-29T12:00:00Z");
const parseShareLinkForm = (data: FormData) => parseIn(data, "UTC", NOW);

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

  it("reads the Client view checkbox: ticked, a client view; unticked, nothing sent", () => {
    expect(parseShareLinkForm(form({ label: "Ana", clientView: "on" })).clientView).toBe(true);
    expect(parseShareLinkForm(form({ label: "Ana" })).clientView).toBeUndefined();
  });

  it("reads a listed link's Client view button: on or off, and refuses anything else or nothing by name", () => {
    expect(parseClientViewForm(form({ clientView: "on" }))).toEqual({ clientView: true });
    expect(parseClientViewForm(form({ clientView: "off" }))).toEqual({ clientView: false });
    for (const fields of [{ clientView: "yes" }, {}] as Record<string, string>[])
      expect(() => parseClientViewForm(form(fields))).toThrow(/^clientView must be true or false/);
  });

  it("reads a watermark (record 088): none, a text or the logo, naming the form's field it refuses", () => {
    const mark = { watermarkPosition: "tiled", watermarkSize: "25", watermarkOpacity: "40" };
    expect(parseWatermarkForm(form({ watermark: "off", watermarkText: "ignored" }))).toBeNull();
    expect(parseWatermarkForm(form({}))).toBeNull();
    expect(parseWatermarkForm(form({ watermark: "text", watermarkText: "  © Ana  ", ...mark }))).toEqual({
      kind: "text",
      text: "© Ana",
      position: "tiled",
      size: 25,
      opacity: 40,
    });
    // A logo mark keeps no text.
    expect(parseWatermarkForm(form({ watermark: "logo", watermarkText: "© Ana", ...mark }))?.text).toBe("");
    const refusal = (fields: Record<string, string>) => {
      try {
        parseWatermarkForm(form(fields));
      } catch (error) {
        return { field: (error as HttpError).field, message: (error as HttpError).message };
      }
      throw new Error("not refused");
    };
    expect(refusal({ watermark: "text", ...mark })).toEqual({
      field: "watermarkText",
      message: "watermarkText must have the text to draw",
    });
    expect(refusal({ watermark: "stamp", ...mark }).field).toBe("watermark");
    expect(refusal({ watermark: "text", watermarkText: "x", ...mark, watermarkSize: "95" })).toEqual({
      field: "watermarkSize",
      message: "watermarkSize must be a whole number from 5 to 90",
    });
    expect(refusal({ watermark: "text", watermarkText: "x", ...mark, watermarkOpacity: "5" }).field).toBe(
      "watermarkOpacity",
    );
    expect(refusal({ watermark: "text", watermarkText: "x".repeat(61), ...mark }).field).toBe("watermarkText");
    expect(refusal({ watermark: "text", watermarkText: "x", ...mark, watermarkPosition: "middle" }).field).toBe(
      "watermarkPosition",
    );
  });

  it("reads how many photos to choose, naming the field it refuses", () => {
    expect(parseShareLinkForm(form({ label: "Ana", chooseCount: "30", chooseMode: "exactly" }))).toEqual({
      label: "Ana",
      chooseCount: 30,
      chooseExactly: true,
    });
    expect(parseShareLinkForm(form({ label: "Ana", chooseCount: "5", chooseMode: "up-to" })).chooseExactly).toBe(false);
    expect(() => parseShareLinkForm(form({ label: "Ana", chooseCount: "0" }))).toThrow(
      "chooseCount must be a whole number from 1 to 10000, or null",
    );
    expect(() => parseShareLinkForm(form({ label: "Ana", chooseCount: "3", chooseMode: "all" }))).toThrow(
      "chooseMode must be up-to or exactly",
    );
  });

  it("reads the expiry's date and time as UTC, the end of the day when no time is given", () => {
    const withTime = parseShareLinkForm(form({ label: "Ana", expiresDate: "2030-02-03", expiresTime: "07:45" }));
    expect(withTime.expiresAt?.toISOString()).toBe("2030-02-03T07:45:00.000Z");
    const dayOnly = parseShareLinkForm(form({ label: "Ana", expiresDate: "2030-02-03" }));
    expect(dayOnly.expiresAt?.toISOString()).toBe("2030-02-03T23:59:00.000Z");
  });

  it("reads the date and time on the owner's clock, winter and summer, and stores the instant", () => {
    const expiry = (date: string, time: string, zone: string) =>
      parseIn(form({ label: "Ana", expiresDate: date, expiresTime: time }), zone, NOW).expiresAt?.toISOString();
    expect(expiry("2030-01-15", "18:00", "Europe/Paris")).toBe("2030-01-15T17:00:00.000Z");
    expect(expiry("2030-07-15", "18:00", "Europe/Paris")).toBe("2030-07-15T16:00:00.000Z");
    expect(expiry("2030-07-15", "18:00", "America/New_York")).toBe("2030-07-15T22:00:00.000Z");
    expect(expiry("2030-07-15", "18:00", "Asia/Kolkata")).toBe("2030-07-15T12:30:00.000Z");
  });

  it("refuses a date already past with a sentence in the owner's time", () => {
    const past = form({ label: "Ana", expiresDate: "2026-11-29", expiresTime: "09:00" });
    expect(() => parseIn(past, "Europe/Paris", NOW)).toThrow(
      "The link would end on Nov 29, 2026, 09:00 GMT+1, which has already passed. " +
        "Choose a later date, or leave the date empty for a link that never ends.",
    );
    // Later today on the owner's clock is still to come.
    const tonight = form({ label: "Ana", expiresDate: "2026-11-29", expiresTime: "20:00" });
    expect(parseIn(tonight, "Europe/Paris", NOW).expiresAt?.toISOString()).toBe("2026-11-29T19:00:00.000Z");
  });

  it("refuses a bad field by name", () => {
    expect(() => parseShareLinkForm(form({ label: "" }))).toThrow(/^label /);
    expect(() => parseShareLinkForm(form({ label: "Ana", expiresDate: "3 March" }))).toThrow(/^expiresDate /);
    expect(() => parseShareLinkForm(form({ label: "Ana", expiresDate: "2030-01-01", expiresTime: "6pm" }))).toThrow(
      /^expiresTime /,
    );
    expect(() => parseShareLinkForm(form({ label: "Ana", download: "all" }))).toThrow(HttpError);
  });
});

describe("times in a zone", () => {
  it("lands a time the clock skips just after the change, and shows an instant with the zone's name", () => {
    // Paris skips 02:00-03:00 on 29 March 2026: 02:30 is read as 03:30 summer time.
    expect(zonedToUtc("2026-03-29", "02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(formatInZone("2026-11-26T14:05:00Z", "Europe/Paris")).toBe("Nov 26, 2026, 15:05 GMT+1");
    expect(formatInZone("2026-11-26T14:05:00Z", "UTC")).toBe("Nov 26, 2026, 14:05 UTC");
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

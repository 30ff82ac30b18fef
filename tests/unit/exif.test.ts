import exifr from "exifr";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraName, exifParts, formatExposureTime, takenDate } from "~/lib/exif";
import { cameraSlug, gearSlug } from "~/lib/gear";
import { exifJson, readCameraDetails, takenAtJson } from "~/server/photos/exif.server";
import { CAMERA_EXIF, CAMERA_HEIC, CAMERA_JPEG, CAMERA_LINE } from "../support/camera";

describe("camera and lens slugs", () => {
  it.each([
    ["FUJIFILM", "X-T4", "fujifilm-x-t4"],
    // The make the model repeats is said once, as the viewer writes it.
    ["Canon", "Canon EOS R5", "canon-eos-r5"],
    ["Canon", "EOS R5", "canon-eos-r5"],
    ["NIKON CORPORATION", "NIKON Z 6_2", "nikon-corporation-nikon-z-6-2"],
    [" SONY ", null, "sony"],
    [null, null, ""],
  ])("camera %j %j → %j", (make, model, slug) => {
    expect(cameraSlug(make, model)).toBe(slug);
  });

  it.each([
    ["XF23mmF1.4 R", "xf23mmf1-4-r"],
    ["EF24-70mm f/2.8L II USM", "ef24-70mm-f-2-8l-ii-usm"],
    ["Summilux-M 1:1.4/35 ASPH.", "summilux-m-1-1-4-35-asph"],
    ["——", ""],
    [null, ""],
  ])("lens %j → %j", (lens, slug) => {
    expect(gearSlug(lens)).toBe(slug);
  });
});

describe("camera details as shown", () => {
  it.each([
    ["FUJIFILM", "X-T5", "FUJIFILM X-T5"],
    ["Canon", "Canon EOS R5", "Canon EOS R5"],
    ["NIKON CORPORATION", "NIKON Z 6_2", "NIKON CORPORATION NIKON Z 6_2"],
    ["Apple", "iPhone 15 Pro", "Apple iPhone 15 Pro"],
    [null, "X100V", "X100V"],
    ["SONY", null, "SONY"],
    [null, null, null],
  ])("make %j and model %j → %j", (make, model, camera) => {
    expect(cameraName(make, model)).toBe(camera);
  });

  it.each([
    [0.004, "1/250"],
    [1 / 8000, "1/8000"],
    [0.5, "1/2"],
    [1, "1"],
    [2.5, "2.5"],
    [30, "30"],
    [0, null],
    [null, null],
  ])("an exposure of %j s reads %j", (seconds, text) => {
    expect(formatExposureTime(seconds)).toBe(text);
  });

  it("keeps the known parts of the camera line, in order", () => {
    expect(exifParts(CAMERA_EXIF).join(" · ")).toBe(CAMERA_LINE);
    expect(
      exifParts({ camera: null, lens: null, focalLength: null, aperture: 1.8, exposureTime: null, iso: 100 }),
    ).toEqual(["ƒ/1.8", "ISO 100"]);
    expect(exifParts(null)).toEqual([]);
  });

  it("gives the date on the camera's clock, whatever its offset", () => {
    expect(takenDate("2024-06-16T01:30:05+02:00")).toBe("June 16, 2024");
    expect(takenDate("2023-12-31T23:59:59Z")).toBe("December 31, 2023");
  });
});

describe("reading an upload's EXIF", () => {
  it("reads the camera fields and the date with its offset, and no GPS", async () => {
    const details = await readCameraDetails(CAMERA_JPEG);
    expect(details).toEqual({
      cameraMake: "FUJIFILM",
      cameraModel: "X-T5",
      lens: "XF23mmF1.4 R LM WR",
      focalLength: 23,
      aperture: 2.8,
      exposureTime: 0.004,
      iso: 200,
      // 01:30:05 at +02:00 is 23:30:05 UTC the day before.
      takenAt: new Date("2024-06-15T23:30:05Z"),
      takenOffset: 120,
    });
    expect(JSON.stringify(details)).not.toMatch(/gps|59\.3|18\.0/i);
    expect(exifJson(details)).toEqual(CAMERA_EXIF);
    expect(takenAtJson(details.takenAt, details.takenOffset)).toBe("2024-06-16T01:30:05+02:00");
  });

  it("reads them from an HEIC written by libheif, and still no GPS", async () => {
    // The fixture does carry a position: the EXIF block sharp finds holds the GPS tags.
    const { exif } = await sharp(CAMERA_HEIC).metadata();
    expect(await exifr.gps(exif!.subarray("Exif\0\0".length))).toMatchObject({ latitude: expect.closeTo(59.33, 2) });

    const details = await readCameraDetails(CAMERA_HEIC);
    expect(exifJson(details)).toEqual(CAMERA_EXIF);
    expect(takenAtJson(details.takenAt, details.takenOffset)).toBe("2024-06-16T01:30:05+02:00");
    expect(JSON.stringify(details)).not.toMatch(/gps|59\.3|18\.0/i);
  });

  it("gives nothing for a file without EXIF or not an image", async () => {
    const none = await readCameraDetails(path.resolve(import.meta.dirname, "../../package.json"));
    expect(exifJson(none)).toBeNull();
    expect(none.takenAt).toBeNull();
  });

  it("writes a date without an offset as UTC, and offsets west of UTC", () => {
    expect(takenAtJson(new Date("2023-01-02T03:04:05Z"), null)).toBe("2023-01-02T03:04:05Z");
    expect(takenAtJson(new Date("2023-01-02T03:04:05Z"), -330)).toBe("2023-01-01T21:34:05-05:30");
    expect(takenAtJson(null, 60)).toBeNull();
  });
});

// A project card's video loses the place it was filmed before it is stored (issue 28), in every layout phones write.
import { describe, expect, it } from "vitest";
import { stripVideoLocation } from "~/server/projects/video-location.server";
import { box, mp4WithLocation, POSITIONS, positionsIn, webmWithLocation } from "../support/location-corpus";

describe("stripVideoLocation", () => {
  it("MP4 and MOV: ©xyz in the movie's and a track's udta, loci, QuickTime's location keys and XMP", () => {
    const video = mp4WithLocation();
    expect(positionsIn(video)).toEqual([POSITIONS.mp4Xyz, POSITIONS.mp4Keys, POSITIONS.mp4Xmp, "loci"]);
    const cleaned = Buffer.from(video);
    stripVideoLocation(cleaned, "mp4");
    expect(positionsIn(cleaned)).toEqual([]);
    // Nothing moved: the same size, the frames and the other metadata as they were.
    expect(cleaned.length).toBe(video.length);
    const frames = video.indexOf("mdat");
    expect(cleaned.subarray(frames).equals(video.subarray(frames))).toBe(true);
    expect(cleaned.includes("Apple")).toBe(true);
    expect(cleaned.includes("com.apple.quicktime.make")).toBe(true);
    expect(cleaned.includes("\xa9xyz")).toBe(false);
    expect(cleaned.includes("loci")).toBe(false);
  });

  it("WebM: a LOCATION tag's value, keeping the other tags", () => {
    const video = webmWithLocation();
    expect(positionsIn(video)).toEqual([POSITIONS.webmTag]);
    const cleaned = Buffer.from(video);
    stripVideoLocation(cleaned, "webm");
    expect(positionsIn(cleaned)).toEqual([]);
    expect(cleaned.length).toBe(video.length);
    expect(cleaned.includes("Lavf60")).toBe(true);
  });

  it("leaves a video without a location byte for byte as it was", () => {
    const title = Buffer.concat([Buffer.from([0, 5, 0x15, 0xc7]), Buffer.from("Dunes")]);
    const plain = Buffer.concat([
      box("ftyp", Buffer.from("isom")),
      box("moov", box("mvhd", Buffer.alloc(100)), box("udta", box("\xa9nam", title))),
      box("mdat", Buffer.from("frames".repeat(40))),
    ]);
    const copy = Buffer.from(plain);
    stripVideoLocation(copy, "mp4");
    expect(copy.equals(plain)).toBe(true);
  });
});

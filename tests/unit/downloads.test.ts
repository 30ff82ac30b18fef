// The pure parts of downloads: GPS out of EXIF and XMP in place, the JPEG stream cleaned chunk by chunk,
// names made safe and unique, and the Content-Disposition header.
import exifr from "exifr";
import fs from "node:fs";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { stripGps, stripXmpLocation } from "~/server/photos/location-removal.server";
import { allowedSize } from "~/server/downloads/download-access.server";
import { attachmentHeader, downloadName, uniqueNames } from "~/server/downloads/download-names.server";
import { JpegWithoutGps } from "~/server/downloads/jpeg-without-gps.server";
import { CAMERA_JPEG } from "../support/camera";
import { JPEG_POSITIONS, jpegWithEveryLayout, KEPT, positionsIn } from "../support/location-corpus";

const camera = fs.readFileSync(CAMERA_JPEG);

/** The file through the stream cleaner, cut into chunks of `size` bytes (markers fall across chunk edges). */
async function cleaned(file: Buffer, size: number): Promise<Buffer> {
  const chunks = Array.from({ length: Math.ceil(file.length / size) }, (_, i) =>
    file.subarray(i * size, (i + 1) * size),
  );
  return buffer(Readable.from(chunks).pipe(new JpegWithoutGps()));
}

describe("JpegWithoutGps", () => {
  it.each([1, 7, 4096, 1 << 20])(
    "drops the GPS position and keeps every other byte's place (%i-byte chunks)",
    async (size) => {
      expect(await exifr.gps(camera)).toBeTruthy();
      const out = await cleaned(camera, size);
      expect(out.length).toBe(camera.length);
      expect(await exifr.gps(out)).toBeUndefined();
      expect(await exifr.parse(out, ["Model", "LensModel", "DateTimeOriginal"])).toMatchObject({
        Model: "X-T5",
        LensModel: "XF23mmF1.4 R LM WR",
      });
      expect(await exifr.gps(camera)).toBeTruthy(); // what was read is left as it was
      const scan = camera.indexOf(Buffer.from([0xff, 0xda]));
      expect(out.subarray(scan).equals(camera.subarray(scan))).toBe(true);
    },
  );

  it("cleans a JPEG carried after the first (MPF) as well", async () => {
    const out = await cleaned(Buffer.concat([camera, camera]), 1000);
    expect(await exifr.gps(out.subarray(camera.length))).toBeUndefined();
    expect(out.subarray(camera.length).includes(Buffer.from("X-T5"))).toBe(true);
  });

  it.each([1, 333, 1 << 20])(
    "takes out the location in every layout: XMP under any prefix, a drone's, IPTC's place, Extended XMP, a motion photo's video (%i-byte chunks)",
    async (size) => {
      const file = jpegWithEveryLayout();
      expect(positionsIn(file)).toEqual(JPEG_POSITIONS);
      const out = await cleaned(file, size);
      expect(out.length).toBe(file.length);
      expect(positionsIn(out)).toEqual([]);
      expect(out.toString("latin1")).not.toMatch(/GpsLongtitude|AbsoluteAltitude|-74\.04/);
      for (const kept of KEPT) expect(out.includes(kept)).toBe(true);
      // The picture is untouched up to its end, and what followed it is zeros.
      const scan = file.indexOf(Buffer.from([0xff, 0xda]));
      const end = file.lastIndexOf(Buffer.from([0xff, 0xd9])) + 2;
      expect(out.subarray(scan, end).equals(file.subarray(scan, end))).toBe(true);
      expect(out.subarray(end).every((byte) => byte === 0)).toBe(true);
      expect(await exifr.parse(out, ["Model"])).toMatchObject({ Model: "X-T5" });
    },
  );

  it("refuses a file that is not a JPEG rather than pass it on unread", async () => {
    await expect(cleaned(Buffer.from("not a jpeg at all"), 4)).rejects.toThrow();
  });
});

describe("stripGps", () => {
  it("zeroes an EXIF block it cannot walk, so no reader finds a position in it", () => {
    const broken = Buffer.from("MM\0\x2a\0\0\xff\xf0garbage", "latin1");
    stripGps(broken);
    expect(broken.every((byte) => byte === 0)).toBe(true);
  });

  it("blanks XMP's GPS attributes and elements with spaces of their length", () => {
    const xmp = Buffer.from(
      `<rdf:Description exif:GPSLatitude="59,19.76N" exif:GPSLongitude='18,4.12E' tiff:Model="X"><exif:GPSAltitude>12/1</exif:GPSAltitude></rdf:Description>`,
      "latin1",
    );
    const length = xmp.length;
    stripXmpLocation(xmp);
    expect(xmp.length).toBe(length);
    expect(xmp.toString("latin1")).not.toMatch(/GPS|59,19|18,4/);
    expect(xmp.toString("latin1")).toContain(`tiff:Model="X"`);
  });
});

describe("names", () => {
  it("keeps the uploaded name, safe, with the extension of what is sent", () => {
    expect(downloadName("IMG_0001.HEIC", ".jpg", "photo-1")).toBe("IMG_0001.jpg");
    expect(downloadName("DSCF0001.JPG", ".jpg", "photo-1")).toBe("DSCF0001.JPG");
    expect(downloadName("DSCF0001.JPG", ".webp", "photo-1")).toBe("DSCF0001.webp");
    expect(downloadName('../a/b\\c:d*e?"f<g>|h\u0007.jpg', ".jpg", "photo-1")).toBe("c_d_e_f_g_h_.jpg");
    expect(downloadName("...", ".jpg", "photo-7")).toBe("photo-7.jpg");
  });

  it("makes names unique ignoring case", () => {
    expect(uniqueNames(["a.jpg", "A.jpg", "a.jpg", "b"])).toEqual(["a.jpg", "A (2).jpg", "a (3).jpg", "b"]);
  });

  it("keeps every name within 255 bytes of UTF-8, cut between characters, with its extension and its number", () => {
    const bytes = (name: string) => Buffer.byteLength(name);
    const long = "ü".repeat(200); // 400 bytes
    const name = downloadName(`${long}.heic`, ".jpg", "photo-1");
    // 125 of them and the extension make 254 bytes: a 126th would not fit whole.
    expect(name).toBe(`${"ü".repeat(125)}.jpg`);
    // An emoji of several code points is kept whole or left out, never halved.
    const family = "👨‍👩‍👧";
    const emoji = downloadName(`${"a".repeat(240)}${family}${family}.jpg`, ".jpg", "photo-1");
    expect(emoji).toBe(`${"a".repeat(240)}.jpg`);
    const twins = uniqueNames([name, name.toUpperCase(), name]);
    expect(new Set(twins.map((twin) => twin.toLowerCase())).size).toBe(3);
    expect(twins.map(bytes).every((size) => size <= 255)).toBe(true);
    expect(twins[2]).toMatch(/ü \(3\)\.jpg$/);
    expect(bytes(downloadName(`${"Hochzeit ".repeat(40)}.zip`, ".zip", "album"))).toBeLessThanOrEqual(255);
  });

  it("renames the names Windows keeps for devices, whatever their case and extension", () => {
    expect(downloadName("CON.jpg", ".jpg", "photo-1")).toBe("_CON.jpg");
    expect(downloadName("aux.tar.heic", ".jpg", "photo-1")).toBe("_aux.tar.jpg");
    expect(downloadName("com1.png", ".png", "photo-1")).toBe("_com1.png");
    expect(downloadName("lpt¹.jpg", ".jpg", "photo-1")).toBe("_lpt¹.jpg");
    expect(downloadName("console.jpg", ".jpg", "photo-1")).toBe("console.jpg");
    expect(downloadName("Nul", ".zip", "album")).toBe("_Nul.zip");
  });

  it("names the file in ASCII and exactly in UTF-8 (RFC 6266)", () => {
    expect(attachmentHeader("Café 100%.jpg")).toBe(
      `attachment; filename="Caf_ 100_.jpg"; filename*=UTF-8''Caf%C3%A9%20100%25.jpg`,
    );
  });
});

describe("allowedSize", () => {
  it("gives web within web and original, original only within original, nothing without permission", () => {
    expect(allowedSize("none", "web")).toBeUndefined();
    expect(allowedSize("web", "original")).toBeUndefined();
    expect(allowedSize("web", undefined)).toBe("web");
    expect(allowedSize("original", "web")).toBe("web");
    expect(allowedSize("original", undefined)).toBe("original");
  });
});

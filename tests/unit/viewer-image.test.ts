// Which screens the viewer draws from the AVIF variants (issue 19's deep link on a phone): only those on which the
// photo is drawn no wider, in device pixels, than the widest AVIF, so a desktop still gets a large enough WebP.
import { describe, expect, it } from "vitest";
import { viewerAvifMedia, viewerSizes } from "~/lib/viewer-image";

const srcset = (format: string, widths: number[]) => widths.map((w) => `/media/k/w${w}.${format} ${w}w`).join(", ");
/** A camera's photo: WebP up to 2560 px, AVIF up to 960 px (image-processing.server.ts). */
const camera = { width: 4000, avifSrcset: srcset("avif", [320, 480, 640, 720, 800, 960]) };

/** Whether a screen matches the media list, read as the browser does (any query of the list). */
function matches(media: string, screen: { width: number; ratio: number }): boolean {
  return media.split(", ").some((query) => {
    const [, width, ratio] = query.match(/^\(max-width: (\d+)px\) and \(max-resolution: ([\d.]+)dppx\)$/)!;
    return screen.width <= Number(width) && screen.ratio <= Number(ratio);
  });
}

/** How wide the viewer draws the photo on a phone, in device pixels: the screen less 2rem (viewer.css). */
const drawnOnPhone = (screen: { width: number; ratio: number }) => (screen.width - 32) * screen.ratio;

const SCREENS = [320, 360, 375, 390, 412, 430, 480, 540, 600, 768, 820, 899, 900, 1024, 1350, 1920].flatMap((width) =>
  [1, 1.25, 1.5, 1.75, 2, 2.25, 2.625, 2.75, 3, 3.5].map((ratio) => ({ width, ratio })),
);

describe("viewerAvifMedia", () => {
  it("takes AVIF only where the photo is drawn no wider than the widest AVIF, and never on a desktop", () => {
    const media = viewerAvifMedia(camera)!;
    for (const screen of SCREENS.filter((s) => matches(media, s))) {
      expect(screen.width, JSON.stringify(screen)).toBeLessThan(900);
      expect(drawnOnPhone(screen), JSON.stringify(screen)).toBeLessThanOrEqual(960);
    }
  });

  it("gives AVIF to the common phones at up to two device pixels (Lighthouse's is 412 px at 1.75)", () => {
    const media = viewerAvifMedia(camera)!;
    for (const screen of [
      { width: 412, ratio: 1.75 },
      { width: 360, ratio: 2 },
      { width: 390, ratio: 2 },
      { width: 412, ratio: 2 },
      { width: 768, ratio: 1 },
    ])
      expect(matches(media, screen), JSON.stringify(screen)).toBe(true);
    // 390 px at 3 draws 1074 device pixels: the WebP's 1280 serves it.
    expect(matches(media, { width: 390, ratio: 3 })).toBe(false);
  });

  it("puts no media on the AVIF where its variants reach the photo's own width (every screen may take it)", () => {
    expect(viewerAvifMedia({ width: 900, avifSrcset: srcset("avif", [320, 480, 640, 720, 800, 900]) })).toBeUndefined();
  });

  it("matches no screen where a photo has no AVIF variants", () => {
    expect(viewerAvifMedia({ width: 4000, avifSrcset: "" })).toBe("not all");
  });
});

describe("viewerSizes", () => {
  it("draws a wide photo beside the panel, a tall one by the height, and both across a phone", () => {
    expect(viewerSizes({ width: 3000, height: 2000 })).toBe(
      "(min-width: 900px) calc(100vw - 28rem), calc(100vw - 2rem)",
    );
    expect(viewerSizes({ width: 3000, height: 4000 })).toBe(
      "(min-width: 900px) calc((100vh - 3rem) * 0.750), calc(100vw - 2rem)",
    );
  });
});

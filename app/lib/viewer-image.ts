import type { Image } from "./image";

/** From this width the viewer draws the photo beside its caption panel (viewer.css); below it, across the screen. */
const WIDE_FROM_PX = 900;
/** A phone's viewer draws the photo the screen's width less 2rem. */
const PHONE_GUTTER_PX = 32;
/**
 * Device pixel ratios phones ship with: a screen between two of them is held to
 * the higher one's limit, so it may miss AVIF but never gets one too small.
 */
const PIXEL_RATIOS = [1, 1.5, 1.75, 2, 2.625, 3] as const;

/**
 * How wide the photo is drawn (viewer.css): beside a 20rem panel from 900px,
 * within 4rem on either side for the arrows, where a tall photo is bounded by
 * the height instead; the screen less its margins on phones.
 */
export function viewerSizes(image: Pick<Image, "width" | "height">): string {
  const ratio = image.width / image.height;
  const wide = ratio > 1.2 ? "calc(100vw - 28rem)" : `calc((100vh - 3rem) * ${ratio.toFixed(3)})`;
  return `(min-width: ${WIDE_FROM_PX}px) ${wide}, calc(100vw - ${PHONE_GUTTER_PX / 16}rem)`;
}

/** The widest variant in a `srcset` of `url widthw` pairs (0 for none). */
function widest(srcset: string): number {
  return Math.max(0, ...[...srcset.matchAll(/ (\d+)w(?:,|$)/g)].map((match) => Number(match[1])));
}

/**
 * Where the viewer may draw the photo from its AVIF variants: the screens on
 * which it is drawn no wider, in device pixels, than the widest of them (AVIF
 * stops at 960 px, and a desktop draws the photo wider). Undefined where the
 * AVIF variants reach the photo's own width (every screen); "not all" where
 * there are none.
 */
export function viewerAvifMedia(image: Pick<Image, "width" | "avifSrcset">): string | undefined {
  const avifWidth = widest(image.avifSrcset);
  if (avifWidth >= image.width) return undefined;
  const queries = PIXEL_RATIOS.map((ratio) => {
    const widestScreen = Math.min(WIDE_FROM_PX - 1, Math.floor(avifWidth / ratio) + PHONE_GUTTER_PX);
    return { ratio, widestScreen };
  })
    // Narrower than the narrowest phone, a query would only add weight.
    .filter(({ widestScreen }) => widestScreen >= 320)
    .map(({ ratio, widestScreen }) => `(max-width: ${widestScreen}px) and (max-resolution: ${ratio}dppx)`);
  return queries.length > 0 ? queries.join(", ") : "not all";
}

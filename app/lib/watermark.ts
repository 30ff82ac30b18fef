/**
 * A share link's watermark (record 088): the owner's text or logo drawn on
 * every image the link's visitors see. Shared by the admin's form and the
 * server, which validates and draws it.
 */
export const WATERMARK_KINDS = ["text", "logo"] as const;
export type WatermarkKind = (typeof WATERMARK_KINDS)[number];

export const WATERMARK_POSITIONS = ["centre", "top-left", "top-right", "bottom-left", "bottom-right", "tiled"] as const;
export type WatermarkPosition = (typeof WATERMARK_POSITIONS)[number];

export const POSITION_LABELS: Record<WatermarkPosition, string> = {
  centre: "Centre",
  "top-left": "Top left",
  "top-right": "Top right",
  "bottom-left": "Bottom left",
  "bottom-right": "Bottom right",
  tiled: "Tiled",
};

export interface Watermark {
  kind: WatermarkKind;
  /** What a text mark says; empty for a logo. */
  text: string;
  position: WatermarkPosition;
  /** The mark's width as a percentage of the photo's (each tile's, when tiled). */
  size: number;
  /** Percent: 100 is opaque. */
  opacity: number;
}

export const WATERMARK_SIZE = { min: 5, max: 90, initial: 40 } as const;
export const WATERMARK_OPACITY = { min: 10, max: 100, initial: 50 } as const;
export const MAX_WATERMARK_TEXT = 60;

/** How the owner's list describes a link's mark. */
export function describeWatermark(watermark: Watermark | null): string {
  if (!watermark) return "No watermark";
  const what = watermark.kind === "logo" ? "Logo" : `“${watermark.text}”`;
  return `${what}, ${POSITION_LABELS[watermark.position].toLowerCase()}, ${watermark.size} % wide, ${watermark.opacity} % opaque`;
}

/** The owner's preview of a link's mark: the album's cover as the link's client sees it. */
export interface WatermarkPreview {
  url: string;
  width: number;
  height: number;
}

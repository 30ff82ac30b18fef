/** What one metadata layout of a file (XMP, IPTC-IIM or EXIF) says of the photo; a field it lacks is null or empty. */
export interface LayoutText {
  title: string | null;
  description: string | null;
  /** Flat keywords, as written. */
  keywords: string[];
  /** Hierarchical keywords, "People|Anna" (Lightroom's `lr:hierarchicalSubject`). */
  keywordPaths: string[];
}

export const NO_LAYOUT_TEXT: LayoutText = Object.freeze({
  title: null,
  description: null,
  keywords: [],
  keywordPaths: [],
});

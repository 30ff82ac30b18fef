import type { Exif } from "./exif";

/** An image as the API and the pages see it. */
export interface Image {
  id: number;
  name: string;
  description: string;
  /** A display-size WebP variant. */
  url: string;
  /** The original file name as uploaded. */
  filename: string;
  /** ISO 8601. */
  uploaded_at: string;
  /** Byte size of the upload. */
  size: number;
  width: number;
  height: number;
  /** WebP variants, `url width` pairs. */
  srcset: string;
  /** AVIF variants for `<picture>`; empty when there are none. */
  avifSrcset: string;
  /** Tiny blurred data URL shown until the image loads. */
  placeholder: string;
  /** When it was taken: ISO 8601 with the camera's UTC offset (`Z` when it wrote none), or null. */
  taken_at: string | null;
  /** Camera details from the upload's EXIF, or null when it had none. */
  exif: Exif | null;
  /** The albums it is in (for a visitor, the public ones). */
  albumIds: number[];
  /** Its tags' names, by name (record 075). */
  tags: string[];
  /** `hidden`: only in the albums that hold it, to whoever may see them. */
  visibility: "public" | "hidden";
}

export interface ImagePage {
  images: Image[];
  page: number;
  pageSize: number;
  hasMore: boolean;
  /** Pass back as `cursor` to continue exactly after the last image, even while photos are added or deleted. */
  nextCursor: string | null;
}

/** A photo's name when the upload gives none: its file's name without the extension ("harbour.jpg" → "harbour"). */
export function nameFromFile(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot > 0 ? filename.slice(0, dot) : filename;
}

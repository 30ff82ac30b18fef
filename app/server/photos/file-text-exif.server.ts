/** The title, caption and keywords of EXIF: ImageDescription, and Windows' XPTitle, XPComment and XPKeywords. */
import { exifTiff } from "./exif.server";
import { NO_LAYOUT_TEXT, type LayoutText } from "./file-text-layout.server";

const string = (value: unknown): string | null => (typeof value === "string" ? value : null);

export async function readExifText(block: Buffer): Promise<LayoutText> {
  const { default: exifr } = await import("exifr");
  let tags: Record<string, unknown> | undefined;
  try {
    // exifr decodes the XP tags' UTF-16.
    tags = await exifr.parse(exifTiff(block), {
      pick: ["ImageDescription", "XPTitle", "XPComment", "XPKeywords"],
      gps: false,
      exif: false,
    });
  } catch {
    return NO_LAYOUT_TEXT;
  }
  if (!tags) return NO_LAYOUT_TEXT;
  return {
    title: string(tags.XPTitle),
    description: string(tags.ImageDescription) ?? string(tags.XPComment),
    keywords: (string(tags.XPKeywords) ?? "").split(";"),
    keywordPaths: [],
  };
}

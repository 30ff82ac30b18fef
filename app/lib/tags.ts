/** Tags: a photo's keywords, typed by the owner or read from its file (record 075). Shared with the browser. */

export const MAX_TAGS_PER_PHOTO = 100;
export const MAX_TAG_LENGTH = 100;

/** Latin letters without their accents, for a slug and for matching ("Malmö" and "Malmo" are one tag). */
function foldLatin(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ß/g, "ss")
    .replace(/[æÆ]/g, "ae")
    .replace(/[øØ]/g, "o")
    .toLowerCase();
}

/**
 * A tag's URL name, which is also what makes two tags one: "Café au lait" → "cafe-au-lait"; a name in another
 * script keeps its letters ("京都" → "京都", the browser encodes them in the address). Empty for a name with no
 * letters or digits.
 */
export function tagSlug(name: string): string {
  return foldLatin(name)
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .slice(0, MAX_TAG_LENGTH)
    .replace(/^-+|-+$/g, "");
}

/** Tags as a form field holds them: "portrait, Lofoten , " → ["portrait", "Lofoten"]. */
export function splitTagList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

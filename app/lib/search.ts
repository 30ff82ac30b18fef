/** The photo search's words (record 076). Shared with the browser: the search page's script reads them too. */
import { SEARCH_PARAM, SEARCH_PATH } from "./paths";

/** The search page's results for `text`. */
export function searchHref(text: string): string {
  return text ? `${SEARCH_PATH}?${new URLSearchParams({ [SEARCH_PARAM]: text })}` : SEARCH_PATH;
}

/** Words past these are left out: a search of more finds next to nothing anyway. */
export const MAX_SEARCH_WORDS = 12;

/**
 * The words of a search as the index splits its text (SQLite's unicode61: runs of letters, digits and marks;
 * everything else separates), lower-cased, each once, at most MAX_SEARCH_WORDS. None for an empty or
 * punctuation-only search.
 */
export function searchWords(text: string): string[] {
  const words = text.normalize("NFC").match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
  return [...new Set(words.map((word) => word.toLowerCase()))].slice(0, MAX_SEARCH_WORDS);
}

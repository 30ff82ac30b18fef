// Cleaning of free text typed by the owner or read from a file (names,
// descriptions, camera details), shared by every input and by XML output.

// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder
// the text after them, so "photo\u202Egpj.exe" reads as "photoexe.jpg"; like NUL
// and the other control characters they have no place in a name or description.
// The bidi marks (U+200E, U+200F, U+061C) stay: right-to-left text needs them.
const BIDI_CONTROLS = "\u202A-\u202E\u2066-\u2069";
// XML 1.0 forbids U+FFFE, U+FFFF and lone surrogates outright: one of them makes a whole feed unreadable.
const XML_FORBIDDEN_NONCONTROL = "\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF";
const LINE_BREAKS_AND_TABS = /[\t\n\r]+/g;
const UNWANTED_IN_LINE = new RegExp(`[\u0000-\u001F\u007F-\u009F${BIDI_CONTROLS}${XML_FORBIDDEN_NONCONTROL}]`, "g");
const UNWANTED_IN_TEXT = new RegExp(
  `[\u0000-\u0008\u000B-\u001F\u007F-\u009F${BIDI_CONTROLS}${XML_FORBIDDEN_NONCONTROL}]`,
  "g",
);
const NOT_XML_CHAR = new RegExp(`[\u0000-\u0008\u000B\u000C\u000E-\u001F${XML_FORBIDDEN_NONCONTROL}]`, "g");

/** One line (a name, a camera model): tabs and line breaks become a space, other control, bidi and non-XML characters go; then trimmed. */
export function cleanLine(raw: string): string {
  return raw.replace(LINE_BREAKS_AND_TABS, " ").replace(UNWANTED_IN_LINE, "").trim();
}

/** A text keeps its tabs and line breaks (CRLF, as forms send them, becomes LF); other control, bidi and non-XML characters go. */
export function cleanText(raw: string): string {
  return raw.replace(/\r\n?/g, "\n").replace(UNWANTED_IN_TEXT, "").trim();
}

/** Drops what XML 1.0 cannot carry at all, for output written before input cleaning caught it. */
export function stripNonXmlChars(text: string): string {
  return text.replace(NOT_XML_CHAR, "");
}

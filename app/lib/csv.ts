/**
 * CSV (RFC 4180) whose cells are safe to open in a spreadsheet: a cell that
 * starts with = + - @ (or a tab or carriage return) would be read as a
 * formula, so it is prefixed with ' (OWASP's advice on CSV injection). A
 * spreadsheet set to split at `;` or tabs (Excel in much of Europe), or that
 * misreads the quotes, starts a cell after those and after a line break too:
 * a formula there is prefixed as well.
 */
const FORMULA_START = /(^|[;\t\r\n])(?=[=+\-@\t\r])/g;
const NEEDS_QUOTES = /[",\r\n]/;
/** Excel reads a CSV without it as the system's legacy code page, and shows "Zoë" as "ZoÃ«". */
const UTF8_BOM = "\uFEFF";

export function csvCell(value: string | number): string {
  const text = typeof value === "string" ? value.replace(FORMULA_START, "$1'") : String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as a CSV file: a byte order mark, then CRLF-terminated rows as the RFC has them. */
export function toCsv(rows: (string | number)[][]): string {
  return UTF8_BOM + rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

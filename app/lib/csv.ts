/**
 * CSV (RFC 4180) whose cells are safe to open in a spreadsheet: a cell that
 * starts with = + - @ (or a tab or carriage return) would be read as a
 * formula, so it is prefixed with ' (OWASP's advice on CSV injection).
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text, CRLF-terminated as the RFC has it. */
export function toCsv(rows: (string | number)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",") + "\r\n").join("");
}

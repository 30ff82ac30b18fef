/**
 * Settings can carry credentials in a URL (`sftp://user:password@host/db`);
 * every message that shows such a setting passes it through here first, so a
 * password never reaches a log, a start-up error or a file.
 */
// The scheme is optional: a setting typed without one (`user:secret@host/db`) is refused, and its message must not leak either.
const URL_PASSWORD = /\b((?:[a-z][a-z0-9+.-]*:\/\/)?[^\s/?#@:"']*):(?!\/\/)[^\s"']*@/gi;

/** `sftp://user:secret@host/db` → `sftp://user:***@host/db`, wherever it appears in `text`. */
export function redactUrls(text: string): string {
  // Greedy up to the last @ of the word: an unencoded @ in a password must not leave its tail showing.
  return text.replace(URL_PASSWORD, "$1:***@");
}

/** What the settings parsers share: the one error they throw, and checks of a value's shape. */
import { redactUrls } from "./redact.server";

/** A setting that cannot be used: server.js prints its message as one line and exits. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** An http(s) URL without credentials, query or fragment; `expected` completes "NAME must be …". */
export function httpUrl(
  raw: string,
  name: string,
  expected: string,
): { url: URL; refuse: (why: string) => ConfigError } {
  const refuse = (why: string) => new ConfigError(`${name} must be ${expected} (${why}), got "${redactUrls(raw)}"`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse("not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refuse("http or https only");
  if (url.username || url.password) throw refuse("no user name or password");
  if (url.search || url.hash || raw.includes("?") || raw.includes("#")) throw refuse("no query or fragment");
  return { url, refuse };
}

import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/core/config.server";

const publicUrl = (value: string | undefined) => parseConfig({ PUBLIC_URL: value }, "/srv/site").publicUrl;

describe("PUBLIC_URL", () => {
  it("is unset when missing or blank", () => {
    expect(publicUrl(undefined)).toBeUndefined();
    expect(publicUrl("  ")).toBeUndefined();
  });

  it.each([
    ["https://photos.example.com", "https://photos.example.com"],
    ["https://photos.example.com/", "https://photos.example.com"],
    [" https://Photos.Example.COM:443/ ", "https://photos.example.com"],
    ["http://localhost:8080", "http://localhost:8080"],
    ["https://例え.jp", "https://xn--r8jz45g.jp"],
  ])("%j becomes the origin %s", (value, origin) => {
    expect(publicUrl(value)).toBe(origin);
  });

  it.each([
    ["photos.example.com", "not an absolute URL"],
    ["/photography", "not an absolute URL"],
    ["ftp://photos.example.com", "http or https only"],
    ["https://photos.example.com/?a=1", "no query or fragment"],
    ["https://photos.example.com/#top", "no query or fragment"],
    ["https://x.example/?", "no query or fragment"],
    ["https://x.example/#", "no query or fragment"],
    ["https://photos.example.com/gallery", "no path: the site is served from the root"],
    ["https://x.example/a/", "no path: the site is served from the root"],
    ["https://u@x.example", "no user name or password", "https://u@x.example"],
    ["https://user:secret@photos.example.com", "no user name or password", "https://user:***@photos.example.com"],
  ])("%j is refused with one line saying why", (value, why, shown = value) => {
    expect(() => publicUrl(value)).toThrow(ConfigError);
    expect(() => publicUrl(value)).toThrow(
      `PUBLIC_URL must be the site's address like https://example.com (${why}), got "${shown}"`,
    );
  });
});

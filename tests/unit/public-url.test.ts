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
    "photos.example.com",
    "/photography",
    "ftp://x.example",
    "https://x.example/?",
    "https://x.example/#",
    "https://x.example/a/",
    "https://u@x.example",
  ])("%j is refused with one line", (value) => {
    expect(() => publicUrl(value)).toThrow(ConfigError);
    expect(() => publicUrl(value)).toThrow(
      /^PUBLIC_URL must be the site's address like https:\/\/example\.com \(.+\), got ".*"$/,
    );
  });
});

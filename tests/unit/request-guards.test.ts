import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/core/config.server";
import { validHost } from "~/server/http/host.server";

const request = (headers: IncomingMessage["headers"]) => ({ headers }) as IncomingMessage;

describe("validHost", () => {
  it.each([
    "localhost",
    "localhost:3000",
    "127.0.0.1:8080",
    "[::1]:3000",
    "photos.example.org",
    "example.org.",
    "my_app:80",
  ])("accepts %j", (host) => {
    expect(validHost(request({ host }))).toBe(true);
  });

  it.each([
    "",
    "a b",
    '"><x>',
    "evil.example/path",
    "user@evil.example",
    "1.2.3.999",
    "example.org:99999",
    "[:::::]",
    "a..b",
  ])("refuses %j", (host) => {
    expect(validHost(request({ host }))).toBe(false);
  });

  it("refuses a request without Host", () => {
    expect(validHost(request({}))).toBe(false);
  });

  it("ignores X-Forwarded-Host unless a proxy is trusted (TRUST_PROXY is 0 here)", () => {
    expect(validHost(request({ host: "localhost", "x-forwarded-host": "a b" }))).toBe(true);
  });
});

describe("timeout settings", () => {
  it("read HEADERS_TIMEOUT_S and IDLE_TIMEOUT_S in seconds", () => {
    const config = parseConfig({ HEADERS_TIMEOUT_S: "5", IDLE_TIMEOUT_S: "120" });
    expect(config.headersTimeoutMs).toBe(5000);
    expect(config.idleTimeoutMs).toBe(120_000);
  });

  it.each([
    [{ HEADERS_TIMEOUT_S: "0" }, /^HEADERS_TIMEOUT_S must be a whole number from 1 to 3600, got "0"$/],
    [{ IDLE_TIMEOUT_S: "1.5" }, /^IDLE_TIMEOUT_S must be a whole number from 1 to 3600/],
  ])("%o → ConfigError", (env, message) => {
    expect(() => parseConfig(env)).toThrow(ConfigError);
    expect(() => parseConfig(env)).toThrow(message);
  });
});

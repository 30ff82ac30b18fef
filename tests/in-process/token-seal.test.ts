// Share links' tokens sealed with DATA_DIR's key (record 069): what opens and what never does.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openToken, sealToken } from "~/server/core/token-seal.server";
import { openTemplateSite } from "../support/in-process";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

/** A token sealed as the site does, but with another site's key: a database copied to a site without this key. */
function sealedElsewhere(token: string, purpose: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", crypto.randomBytes(32), iv);
  cipher.setAAD(Buffer.from(purpose));
  const text = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), text].map((part) => part.toString("base64url"))].join(".");
}

it("opens what it sealed, for the same purpose and with this site's key alone", () => {
  const sealed = sealToken("the token", "share-link");
  expect(fs.statSync(path.join(site.dataDir, "token-key")).mode & 0o777).toBe(0o600);
  expect(sealed).not.toContain("the token");
  expect(sealToken("the token", "share-link")).not.toBe(sealed);
  expect(openToken(sealed, "share-link")).toBe("the token");
  expect(openToken(sealed, "another purpose")).toBeNull();
  expect(openToken(sealedElsewhere("the token", "share-link"), "share-link")).toBeNull();
  const [version, iv, tag, text] = sealed.split(".");
  const flipped = Buffer.from(text!, "base64url").map((byte, index) => (index === 0 ? byte ^ 1 : byte));
  expect(openToken([version, iv, tag, Buffer.from(flipped).toString("base64url")].join("."), "share-link")).toBeNull();
  expect(openToken("not sealed", "share-link")).toBeNull();
});

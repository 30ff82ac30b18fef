/**
 * Tokens the server must be able to show again (a share link's address,
 * docs/decisions/069-share-links-shown-again.md), kept in the database
 * encrypted (AES-256-GCM) with a key that lives beside the session secret in
 * DATA_DIR, never in the database: a copy of the database, a backup or a
 * replica alone opens nothing.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";

const KEY_FILE = "token-key";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const VERSION = "v1";

let cached: { file: string; key: Buffer } | undefined;

/** The key, made once (32 random bytes, mode 600) the first time a token is sealed or opened. */
function key(): Buffer {
  const file = path.join(config().dataDir, KEY_FILE);
  if (cached?.file === file) return cached.key;
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config().dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(KEY_BYTES).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process of the site made it first: theirs is the key.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  const value = Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64url");
  if (value.length !== KEY_BYTES)
    throw new Error(`${file} must hold ${KEY_BYTES} bytes, base64url; delete it to make a new one`);
  cached = { file, key: value };
  return value;
}

/** `token` encrypted for `purpose` (which must match when opened): "v1.<iv>.<tag>.<ciphertext>", base64url. */
export function sealToken(token: string, purpose: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  cipher.setAAD(Buffer.from(purpose));
  const sealed = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  return [VERSION, ...[iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url"))].join(".");
}

/** The token `sealToken` sealed, or null when this key cannot open it (another site's key, a key lost and made anew). */
export function openToken(sealed: string, purpose: string): string | null {
  const [version, iv, tag, text] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || !text) return null;
  const secret = key();
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", secret, Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(text, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

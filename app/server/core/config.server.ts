import path from "node:path";
import { ConfigError, httpUrl } from "./config-values.server";
import { redactUrls } from "./redact.server";
import { parseMediaBaseUrl, parseStorageSettings, type StorageSettings } from "./storage-config.server";

export interface Config {
  port: number;
  dataDir: string;
  uploadsDir: string;
  adminUsername: string;
  adminPassword: string | undefined;
  sessionSecrets: string[] | undefined;
  cookieSecure: "auto" | boolean;
  /** Bytes; 0 means no limit. */
  maxUploadBytes: number;
  trustProxy: number;
  /** bcrypt cost of new hashes. Only the test suite lowers it (TEST_BCRYPT_COST); production starts refuse that (scripts/start.mjs). */
  bcryptCost: number;
  /** The site's public origin (`https://example.com`), or undefined to take it from each request. */
  publicUrl: string | undefined;
  /** A client must send all request headers within this time. */
  headersTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (see http-timeouts.server.ts). */
  idleTimeoutMs: number;
  /** Whether the viewer shows each photo's camera line (the API carries `exif` either way). */
  showExif: boolean;
  /** Where Litestream replicates the database (replication.server.ts), or undefined for no replication. */
  litestreamReplicaUrl: string | undefined;
  /** Where the photos are kept: UPLOADS_DIR or an S3-compatible bucket (storage-config.server.ts). */
  storage: StorageSettings;
  /** Where pages point for the variants instead of `/media`, or undefined. */
  mediaBaseUrl: string | undefined;
}

export const BCRYPT_COST = 12;

export { ConfigError };

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (raw === "true") return true;
  if (raw === "false") return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function cookieSecure(raw: string | undefined): Config["cookieSecure"] {
  switch (raw?.trim().toLowerCase() ?? "auto") {
    case "":
    case "auto":
      return "auto";
    case "true":
      return true;
    case "false":
      return false;
    default:
      throw new ConfigError(`COOKIE_SECURE must be auto, true or false, got "${raw}"`);
  }
}

/**
 * The origin every absolute URL is built from. The site has no base path (its
 * links are root-relative), so a path other than `/` is refused rather than
 * silently dropped.
 */
function publicUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const { url, refuse } = httpUrl(value, "PUBLIC_URL", "the site's address like https://example.com");
  if (url.pathname !== "/") throw refuse("no path: the site is served from the root");
  return url.origin;
}

const REPLICA_SCHEMES = ["file:", "s3:", "gcs:", "abs:", "sftp:"];

/** A Litestream replica URL: a folder (`file:///backups/db`) or a bucket (`s3://bucket/db`). */
function replicaUrl(raw: string | undefined): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  const refuse = (why: string) =>
    new ConfigError(
      `LITESTREAM_REPLICA_URL must be like file:///backups/portfolio or s3://bucket/portfolio (${why}), got "${redactUrls(raw ?? "")}"`,
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse("not a URL");
  }
  if (!REPLICA_SCHEMES.includes(url.protocol)) throw refuse(`one of ${REPLICA_SCHEMES.join(" ")}`);
  if (url.protocol === "file:" && (url.host || url.pathname === "/")) throw refuse("a folder's absolute path");
  if (url.protocol !== "file:" && !url.host) throw refuse("a bucket or host");
  return value;
}

/** Reads and validates the environment; throws ConfigError with one clear line. */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const adminUsername = env.ADMIN_USERNAME?.trim() || "admin";
  if (!/^[\w.@-]{1,64}$/.test(adminUsername)) {
    throw new ConfigError("ADMIN_USERNAME must be 1 to 64 letters, digits or . _ @ -");
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined) {
    const bytes = Buffer.byteLength(adminPassword);
    if (bytes < 8 || bytes > 72) {
      throw new ConfigError("ADMIN_PASSWORD must be 8 to 72 bytes long");
    }
  }
  const secrets = env.SESSION_SECRET?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets?.some((s) => s.length < 16)) {
    throw new ConfigError("SESSION_SECRET: every comma-separated secret must be at least 16 characters");
  }
  return {
    port: integer(env, "PORT", 3000, 0, 65535),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || "data"),
    uploadsDir: path.resolve(cwd, env.UPLOADS_DIR?.trim() || "uploads"),
    adminUsername,
    adminPassword,
    sessionSecrets: secrets?.length ? secrets : undefined,
    cookieSecure: cookieSecure(env.COOKIE_SECURE),
    maxUploadBytes: integer(env, "MAX_UPLOAD_MB", 100, 0, 1_000_000) * 1024 * 1024,
    trustProxy: integer(env, "TRUST_PROXY", 0, 0, 10),
    bcryptCost: integer(env, "TEST_BCRYPT_COST", BCRYPT_COST, 4, BCRYPT_COST),
    publicUrl: publicUrl(env.PUBLIC_URL),
    headersTimeoutMs: integer(env, "HEADERS_TIMEOUT_S", 30, 1, 3600) * 1000,
    idleTimeoutMs: integer(env, "IDLE_TIMEOUT_S", 60, 1, 3600) * 1000,
    showExif: flag(env, "SHOW_EXIF", true),
    litestreamReplicaUrl: replicaUrl(env.LITESTREAM_REPLICA_URL),
    storage: parseStorageSettings(env),
    mediaBaseUrl: parseMediaBaseUrl(env),
  };
}

let current: Config | undefined;

export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

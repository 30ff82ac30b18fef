import path from "node:path";
import { z } from "zod";
import {
  absoluteUrl,
  ConfigError,
  flag,
  httpUrl,
  oneOf,
  optional,
  parseSettings,
  refusal,
  wholeNumber,
  withDefault,
  type Env,
} from "./config-values.server";
import { mediaBaseUrl, storageSchema, type StorageSettings } from "./storage-config.server";
import { mailSchema, type MailSettings } from "./mail-config.server";

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
  /**
   * The variants' AVIF and WebP encoding effort, when the test suite lowers it (TEST_IMAGE_EFFORT) to spend less CPU
   * on its uploads; undefined keeps the pipeline's own. Production starts refuse it (scripts/start.mjs).
   */
  imageEffort: number | undefined;
  /** The site's public origin (`https://example.com`), or undefined to take it from each request. */
  publicUrl: string | undefined;
  /** A client must send all request headers within this time. */
  headersTimeoutMs: number;
  /** A connection on which nothing moves for this long is closed (see http-timeouts.server.ts). */
  idleTimeoutMs: number;
  /**
   * Whether the viewer shows each photo's camera line (the API carries `exif` either way), when SHOW_EXIF is set:
   * it overrides the owner's setting in the admin; undefined leaves it to that setting.
   */
  showExif: boolean | undefined;
  /** Where Litestream replicates the database (replication.server.ts), or undefined for no replication. */
  litestreamReplicaUrl: string | undefined;
  /** Where the photos are kept: UPLOADS_DIR or an S3-compatible bucket (storage-config.server.ts). */
  storage: StorageSettings;
  /** Where pages point for the variants instead of `/media`, or undefined. */
  mediaBaseUrl: string | undefined;
  /** The owner's SMTP server for the activity messages (mail-config.server.ts), or undefined to send none. */
  mail: MailSettings | undefined;
}

export const BCRYPT_COST = 12;

export { ConfigError };

const ADMIN_USERNAME = /^[\w.@-]{1,64}$/;

/**
 * The origin every absolute URL is built from. The site has no base path (its
 * links are root-relative), so a path other than `/` is refused rather than
 * silently dropped.
 */
const PUBLIC_URL_SHAPE = "the site's address like https://example.com";
const publicUrl = httpUrl(PUBLIC_URL_SHAPE)
  .refine(
    (raw) => new URL(raw).pathname === "/",
    refusal(PUBLIC_URL_SHAPE, "no path: the site is served from the root"),
  )
  .transform((raw) => new URL(raw).origin);

/** A Litestream replica URL, kept as written: a folder (`file:///backups/db`) or a bucket (`s3://bucket/db`). */
const REPLICA_SCHEMES = ["file:", "s3:", "gcs:", "abs:", "sftp:"];
const REPLICA_SHAPE = "like file:///backups/portfolio or s3://bucket/portfolio";
const replicaUrl = absoluteUrl(REPLICA_SHAPE)
  .refine(
    (raw) => REPLICA_SCHEMES.includes(new URL(raw).protocol),
    refusal(REPLICA_SHAPE, `one of ${REPLICA_SCHEMES.join(" ")}`),
  )
  .refine(
    (raw) => {
      const url = new URL(raw);
      return url.protocol !== "file:" || (!url.host && url.pathname !== "/");
    },
    refusal(REPLICA_SHAPE, "a folder's absolute path"),
  )
  .refine(
    (raw) => {
      const url = new URL(raw);
      return url.protocol === "file:" || Boolean(url.host);
    },
    refusal(REPLICA_SHAPE, "a bucket or host"),
  );

/** Cookie signing secrets, comma-separated for rotation: the first signs, all verify. */
const sessionSecrets = z.string().transform((raw) => {
  const secrets = raw
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  return secrets.length ? secrets : undefined;
});

/** Every setting, by its environment variable (`.env.example` lists them with their defaults). */
const settingsSchema = z
  .object({
    PORT: withDefault(wholeNumber(0, 65535), 3000),
    DATA_DIR: withDefault(z.string().trim(), "data"),
    UPLOADS_DIR: withDefault(z.string().trim(), "uploads"),
    ADMIN_USERNAME: withDefault(
      z.string().trim().regex(ADMIN_USERNAME, "must be 1 to 64 letters, digits or . _ @ -"),
      "admin",
    ),
    // Taken as typed: only an empty value is unset.
    ADMIN_PASSWORD: z
      .string()
      .refine(
        (password) => password === "" || (Buffer.byteLength(password) >= 8 && Buffer.byteLength(password) <= 72),
        { error: "must be 8 to 72 bytes long" },
      )
      .optional()
      .transform((password) => password || undefined),
    SESSION_SECRET: optional(sessionSecrets),
    COOKIE_SECURE: withDefault(oneOf(["auto", "true", "false"]), "auto"),
    MAX_UPLOAD_MB: withDefault(wholeNumber(0, 1_000_000), 100),
    TRUST_PROXY: withDefault(wholeNumber(0, 10), 0),
    TEST_BCRYPT_COST: withDefault(wholeNumber(4, BCRYPT_COST), BCRYPT_COST),
    TEST_IMAGE_EFFORT: optional(wholeNumber(0, 6)),
    PUBLIC_URL: optional(publicUrl),
    HEADERS_TIMEOUT_S: withDefault(wholeNumber(1, 3600), 30),
    IDLE_TIMEOUT_S: withDefault(wholeNumber(1, 3600), 60),
    SHOW_EXIF: optional(flag()),
    LITESTREAM_REPLICA_URL: optional(replicaUrl),
    MEDIA_BASE_URL: mediaBaseUrl,
  })
  // A sentence of its own rather than "SESSION_SECRET must …": the wording operators know.
  .refine((settings) => (settings.SESSION_SECRET ?? []).every((secret) => secret.length >= 16), {
    error: "SESSION_SECRET: every comma-separated secret must be at least 16 characters",
  })
  .and(storageSchema)
  .and(mailSchema);

/** Reads and validates the environment; throws ConfigError with one clear line naming every bad variable. */
export function parseConfig(env: Env, cwd = process.cwd()): Config {
  const settings = parseSettings(settingsSchema, env);
  return {
    port: settings.PORT,
    dataDir: path.resolve(cwd, settings.DATA_DIR),
    uploadsDir: path.resolve(cwd, settings.UPLOADS_DIR),
    adminUsername: settings.ADMIN_USERNAME,
    adminPassword: settings.ADMIN_PASSWORD,
    sessionSecrets: settings.SESSION_SECRET,
    cookieSecure: settings.COOKIE_SECURE === "auto" ? "auto" : settings.COOKIE_SECURE === "true",
    maxUploadBytes: settings.MAX_UPLOAD_MB * 1024 * 1024,
    trustProxy: settings.TRUST_PROXY,
    bcryptCost: settings.TEST_BCRYPT_COST,
    imageEffort: settings.TEST_IMAGE_EFFORT,
    publicUrl: settings.PUBLIC_URL,
    headersTimeoutMs: settings.HEADERS_TIMEOUT_S * 1000,
    idleTimeoutMs: settings.IDLE_TIMEOUT_S * 1000,
    showExif: settings.SHOW_EXIF,
    litestreamReplicaUrl: settings.LITESTREAM_REPLICA_URL,
    storage: settings.storage,
    mediaBaseUrl: settings.MEDIA_BASE_URL,
    mail: settings.mail,
  };
}

let current: Config | undefined;

export function config(): Config {
  current ??= parseConfig(process.env);
  return current;
}

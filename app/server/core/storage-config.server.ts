import { ConfigError, httpUrl } from "./config-values.server";

/**
 * Where the photos are kept: the local disk (UPLOADS_DIR, the default) or an
 * S3-compatible bucket. Parsed with the rest of the settings (config.server.ts);
 * every refusal is one line naming the variable.
 */
export interface S3Settings {
  bucket: string;
  region: string;
  /** For R2, B2, MinIO and Garage; unset for AWS. */
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every object key: empty, or ending in `/`. */
  prefix: string;
  /** Unset: the SDK's usual chain (environment, shared files, instance roles). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageSettings = { kind: "local" } | ({ kind: "s3" } & S3Settings);

type Env = Record<string, string | undefined>;

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** S3 bucket naming rules, loosely: what every S3-compatible store accepts. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseStorageSettings(env: Env): StorageSettings {
  const kind = value(env, "STORAGE")?.toLowerCase() ?? "local";
  if (kind === "local") return { kind };
  if (kind !== "s3") throw new ConfigError(`STORAGE must be local or s3, got "${env.STORAGE}"`);

  const bucket = value(env, "S3_BUCKET");
  if (!bucket) throw new ConfigError("STORAGE=s3 needs S3_BUCKET, the bucket's name");
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(`S3_BUCKET must be a bucket name (3 to 63 of a-z 0-9 . -), got "${bucket}"`);
  }
  const endpointRaw = value(env, "S3_ENDPOINT");
  const endpoint = endpointRaw
    ? httpUrl(endpointRaw, "S3_ENDPOINT", "like https://<account>.r2.cloudflarestorage.com").url.href.replace(/\/$/, "")
    : undefined;

  const forcePathStyleRaw = value(env, "S3_FORCE_PATH_STYLE")?.toLowerCase();
  if (forcePathStyleRaw !== undefined && forcePathStyleRaw !== "true" && forcePathStyleRaw !== "false") {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${env.S3_FORCE_PATH_STYLE}"`);
  }

  const prefixRaw = value(env, "S3_PREFIX")?.replace(/^\/+|\/+$/g, "") ?? "";
  if (prefixRaw.split("/").some((part) => part === "." || part === "..") || /[\\\0]/.test(prefixRaw)) {
    throw new ConfigError(`S3_PREFIX must be a plain path like portfolio/ or sites/alex, got "${env.S3_PREFIX}"`);
  }

  const accessKeyId = value(env, "S3_ACCESS_KEY_ID");
  const secretAccessKey = value(env, "S3_SECRET_ACCESS_KEY");
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's credential chain",
    );
  }

  return {
    kind,
    bucket,
    // R2 wants "auto"; AWS needs the bucket's region; MinIO and Garage take any.
    region: value(env, "S3_REGION") ?? "us-east-1",
    endpoint,
    forcePathStyle: forcePathStyleRaw === "true",
    prefix: prefixRaw ? `${prefixRaw}/` : "",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * Where pages point for the variants: `/media` (through the site) unless
 * MEDIA_BASE_URL names a public copy: a public bucket's `media/` folder, or
 * a CDN in front of it. Originals are never under it (they live elsewhere).
 */
export function parseMediaBaseUrl(env: Env): string | undefined {
  const raw = value(env, "MEDIA_BASE_URL");
  if (!raw) return undefined;
  const { url } = httpUrl(raw, "MEDIA_BASE_URL", "like https://photos.example.com/portfolio/media");
  return url.href.replace(/\/+$/, "");
}

import { z } from "zod";
import { flag, httpUrl, oneOf, optional, parseSettings, shown, withDefault, type Env } from "./config-values.server";

/**
 * Where the photos are kept: the local disk (UPLOADS_DIR, the default) or an
 * S3-compatible bucket. Part of the settings schema (config.server.ts); the
 * S3_* variables are read only when STORAGE=s3.
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

/** S3 bucket naming rules, loosely: what every S3-compatible store accepts. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const bucketName = z
  .string()
  .trim()
  .regex(BUCKET_NAME, {
    error: (issue) => `must be a bucket name (3 to 63 of a-z 0-9 . -), got "${shown(issue.input)}"`,
  });

/** A key prefix without its outer slashes, refused if it could climb out of its folder. */
const keyPrefix = z
  .string()
  .transform((raw) => raw.trim().replace(/^\/+|\/+$/g, ""))
  .refine((prefix) => !prefix.split("/").some((part) => part === "." || part === "..") && !/[\\\0]/.test(prefix), {
    error: (issue) => `must be a plain path like portfolio/ or sites/alex, got "${shown(issue.input)}"`,
  });

const s3Settings = z
  .object({
    STORAGE: z.literal("s3"),
    S3_BUCKET: optional(bucketName),
    // R2 wants "auto"; AWS needs the bucket's region; MinIO and Garage take any.
    S3_REGION: withDefault(z.string().trim(), "us-east-1"),
    S3_ENDPOINT: optional(
      httpUrl("like https://<account>.r2.cloudflarestorage.com").transform((raw) =>
        new URL(raw).href.replace(/\/$/, ""),
      ),
    ),
    S3_FORCE_PATH_STYLE: withDefault(flag(), false),
    S3_PREFIX: withDefault(keyPrefix, ""),
    S3_ACCESS_KEY_ID: optional(z.string().trim()),
    S3_SECRET_ACCESS_KEY: optional(z.string().trim()),
  })
  // Rules on several variables: their messages name every one of them.
  .transform((env, ctx): StorageSettings => {
    const refuse = (message: string) => {
      ctx.issues.push({ code: "custom", message, input: env });
      return z.NEVER;
    };
    if (!env.S3_BUCKET) return refuse("STORAGE=s3 needs S3_BUCKET, the bucket's name");
    const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
    if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
      return refuse(
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK's credential chain",
      );
    }
    return {
      kind: "s3",
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      prefix: env.S3_PREFIX ? `${env.S3_PREFIX}/` : "",
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    };
  });

const localSettings = z.object({ STORAGE: z.literal("local") }).transform((): StorageSettings => ({ kind: "local" }));

/** The storage part of the settings schema: `{ storage }`, read from STORAGE and, for a bucket, the S3_* variables. */
export const storageSchema = z
  .looseObject({ STORAGE: withDefault(oneOf(["local", "s3"]), "local") })
  .pipe(z.discriminatedUnion("STORAGE", [localSettings, s3Settings]))
  .transform((storage) => ({ storage }));

export function parseStorageSettings(env: Env): StorageSettings {
  return parseSettings(storageSchema, env).storage;
}

/**
 * MEDIA_BASE_URL: where pages point for the variants instead of `/media`, a
 * public copy: a public bucket's `media/` folder, or a CDN in front of it.
 * Originals are never under it (they live elsewhere).
 */
export const mediaBaseUrl = optional(
  httpUrl("like https://photos.example.com/portfolio/media").transform((raw) => new URL(raw).href.replace(/\/+$/, "")),
);

import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/core/config.server";

const cwd = "/srv/site";

function configError(env: Record<string, string>): ConfigError {
  try {
    parseConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`parseConfig accepted ${JSON.stringify(env)}`);
}

describe("parseConfig", () => {
  it("has a default for every variable", () => {
    expect(parseConfig({}, cwd)).toEqual({
      port: 3000,
      dataDir: path.join(cwd, "data"),
      uploadsDir: path.join(cwd, "uploads"),
      adminUsername: "admin",
      adminPassword: undefined,
      sessionSecrets: undefined,
      cookieSecure: "auto",
      maxUploadBytes: 100 * 1024 * 1024,
      trustProxy: 0,
      bcryptCost: 12,
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      showExif: undefined,
      storage: { kind: "local" },
    });
  });

  it("treats empty values as unset", () => {
    const empty = {
      PORT: "",
      DATA_DIR: "",
      UPLOADS_DIR: "",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      SESSION_SECRET: "",
      COOKIE_SECURE: "",
      MAX_UPLOAD_MB: "",
      TRUST_PROXY: "",
      SHOW_EXIF: "",
      LITESTREAM_REPLICA_URL: "",
      STORAGE: "",
      MEDIA_BASE_URL: "",
    };
    expect(parseConfig(empty, cwd)).toEqual(parseConfig({}, cwd));
  });

  it("reads every variable", () => {
    const config = parseConfig(
      {
        PORT: "8080",
        DATA_DIR: "var/data",
        UPLOADS_DIR: "/mnt/photos",
        ADMIN_USERNAME: "owner@example.org",
        ADMIN_PASSWORD: "a long passphrase",
        SESSION_SECRET: "first-secret-0123456789, second-secret-0123456789",
        COOKIE_SECURE: "true",
        MAX_UPLOAD_MB: "25",
        TRUST_PROXY: "2",
        TEST_BCRYPT_COST: "5",
        TEST_IMAGE_EFFORT: "1",
        SHOW_EXIF: "False",
        LITESTREAM_REPLICA_URL: "file:///backups/site",
        STORAGE: "s3",
        S3_BUCKET: "alex-photos",
        S3_REGION: "auto",
        S3_ENDPOINT: "https://account.r2.cloudflarestorage.com/",
        S3_FORCE_PATH_STYLE: "true",
        S3_PREFIX: "/portfolio/",
        S3_ACCESS_KEY_ID: "key-id",
        S3_SECRET_ACCESS_KEY: "secret",
        MEDIA_BASE_URL: "https://photos.example.com/portfolio/media/",
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      dataDir: path.join(cwd, "var/data"),
      uploadsDir: "/mnt/photos",
      adminUsername: "owner@example.org",
      adminPassword: "a long passphrase",
      sessionSecrets: ["first-secret-0123456789", "second-secret-0123456789"],
      cookieSecure: true,
      maxUploadBytes: 25 * 1024 * 1024,
      trustProxy: 2,
      bcryptCost: 5,
      imageEffort: 1,
      headersTimeoutMs: 30_000,
      idleTimeoutMs: 60_000,
      showExif: false,
      litestreamReplicaUrl: "file:///backups/site",
      storage: {
        kind: "s3",
        bucket: "alex-photos",
        region: "auto",
        endpoint: "https://account.r2.cloudflarestorage.com",
        forcePathStyle: true,
        prefix: "portfolio/",
        credentials: { accessKeyId: "key-id", secretAccessKey: "secret" },
      },
      mediaBaseUrl: "https://photos.example.com/portfolio/media",
    });
  });

  it.each([
    ["auto", "auto"],
    ["TRUE", true],
    ["false", false],
    [" False ", false],
  ] as const)("COOKIE_SECURE=%s → %s", (raw, value) => {
    expect(parseConfig({ COOKIE_SECURE: raw }, cwd).cookieSecure).toBe(value);
  });

  it("MAX_UPLOAD_MB=0 means no limit", () => {
    expect(parseConfig({ MAX_UPLOAD_MB: "0" }, cwd).maxUploadBytes).toBe(0);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be a whole number from 0 to 65535, got "abc"$/],
    [{ PORT: "65536" }, /^PORT must be a whole number from 0 to 65535/],
    [{ PORT: "-1" }, /^PORT must be a whole number/],
    [{ PORT: "80.5" }, /^PORT must be a whole number/],
    [{ MAX_UPLOAD_MB: "ten" }, /^MAX_UPLOAD_MB must be a whole number from 0 to 1000000, got "ten"$/],
    [{ MAX_UPLOAD_MB: "1.5" }, /^MAX_UPLOAD_MB must be a whole number/],
    [{ TRUST_PROXY: "true" }, /^TRUST_PROXY must be a whole number from 0 to 10, got "true"$/],
    [{ TRUST_PROXY: "11" }, /^TRUST_PROXY must be a whole number/],
    [{ COOKIE_SECURE: "maybe" }, /^COOKIE_SECURE must be auto, true or false, got "maybe"$/],
    [{ STORAGE: "gcs" }, /^STORAGE must be local or s3, got "gcs"$/],
    [{ STORAGE: "s3" }, /^STORAGE=s3 needs S3_BUCKET/],
    [{ STORAGE: "s3", S3_BUCKET: "Bad_Bucket" }, /^S3_BUCKET must be a bucket name/],
    [
      { STORAGE: "s3", S3_BUCKET: "ok-bucket", S3_ENDPOINT: "minio:9000" },
      /^S3_ENDPOINT must be like .*\(http or https only\)/,
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "ok-bucket", S3_FORCE_PATH_STYLE: "yes" },
      /^S3_FORCE_PATH_STYLE must be true or false/,
    ],
    [{ STORAGE: "s3", S3_BUCKET: "ok-bucket", S3_PREFIX: "a/../b" }, /^S3_PREFIX must be a plain path/],
    [
      { STORAGE: "s3", S3_BUCKET: "ok-bucket", S3_ACCESS_KEY_ID: "id" },
      /^S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/,
    ],
    [{ MEDIA_BASE_URL: "/media" }, /^MEDIA_BASE_URL must be like .*\(not an absolute URL\)/],
    [{ MEDIA_BASE_URL: "https://cdn.example.com/m?x=1" }, /^MEDIA_BASE_URL must be like .*\(no query or fragment\)/],
    [{ COOKIE_SECURE: "1" }, /^COOKIE_SECURE must be auto, true or false/],
    [{ ADMIN_USERNAME: "bad name" }, /^ADMIN_USERNAME must be 1 to 64 letters, digits or \. _ @ -$/],
    [{ ADMIN_USERNAME: "a".repeat(65) }, /^ADMIN_USERNAME must be/],
    [{ ADMIN_PASSWORD: "short" }, /^ADMIN_PASSWORD must be 8 to 72 bytes long$/],
    [{ ADMIN_PASSWORD: "é".repeat(37) }, /^ADMIN_PASSWORD must be 8 to 72 bytes long$/],
    [
      { SESSION_SECRET: "long-enough-secret-123,short" },
      /^SESSION_SECRET: every comma-separated secret must be at least 16 characters$/,
    ],
  ])("%o → ConfigError", (env, message) => {
    const error = configError(env);
    expect(error.name).toBe("ConfigError");
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("\n");
  });

  it("names every bad variable at once, on one line", () => {
    const { message } = configError({ PORT: "http", SHOW_EXIF: "yes", STORAGE: "disk" });
    expect(message.split("; ")).toEqual([
      'PORT must be a whole number from 0 to 65535, got "http"',
      'SHOW_EXIF must be true or false, got "yes"',
      'STORAGE must be local or s3, got "disk"',
    ]);
  });

  it.each([
    [
      { PUBLIC_URL: "https://owner:hunter2-secret@photos.example.com" },
      /^PUBLIC_URL .*got "https:\/\/owner:\*\*\*@photos/,
    ],
    [
      { MEDIA_BASE_URL: "https://key:hunter2-secret@cdn.example.com/m?x" },
      /^MEDIA_BASE_URL .*got "https:\/\/key:\*\*\*@cdn/,
    ],
    [
      { LITESTREAM_REPLICA_URL: "ftp://user:hunter2-secret@backup.example.com/db" },
      /^LITESTREAM_REPLICA_URL .*\*\*\*@backup/,
    ],
    [
      { LITESTREAM_REPLICA_URL: "user:hunter2-secret@backup.example.com/db" },
      /^LITESTREAM_REPLICA_URL .*got "user:\*\*\*@backup/,
    ],
    [
      { STORAGE: "s3", S3_BUCKET: "ok-bucket", S3_ENDPOINT: "http://id:hunter2-secret@minio:9000" },
      /^S3_ENDPOINT .*\(no user name or password\), got "http:\/\/id:\*\*\*@minio:9000"$/,
    ],
  ])("%o → refused without showing the credentials", (env, message) => {
    const error = configError(env);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain("hunter2");
  });

  it("reads the S3_* variables only when STORAGE=s3", () => {
    expect(parseConfig({ STORAGE: "local", S3_BUCKET: "Bad_Bucket", S3_PREFIX: "../x" }, cwd).storage).toEqual({
      kind: "local",
    });
  });

  it("accepts a 72-byte password and the port range ends", () => {
    expect(parseConfig({ ADMIN_PASSWORD: "p".repeat(72) }, cwd).adminPassword).toHaveLength(72);
    expect(parseConfig({ PORT: "0" }, cwd).port).toBe(0);
    expect(parseConfig({ PORT: "65535" }, cwd).port).toBe(65535);
  });
});

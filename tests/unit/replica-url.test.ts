import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/server/core/config.server";

const replicaUrl = (value: string | undefined) => parseConfig({ LITESTREAM_REPLICA_URL: value }).litestreamReplicaUrl;

describe("LITESTREAM_REPLICA_URL", () => {
  it("is unset when missing or blank: no replication", () => {
    expect(replicaUrl(undefined)).toBeUndefined();
    expect(replicaUrl(" ")).toBeUndefined();
  });

  it.each([
    "file:///backups/portfolio",
    "s3://my-bucket/portfolio-db",
    "gcs://bucket/db",
    "abs://account@container/db",
  ])("%j is kept as Litestream reads it", (value) => expect(replicaUrl(` ${value} `)).toBe(value));

  it.each(["/backups/portfolio", "http://example.com/db", "file://host/db", "file:///", "s3:"])(
    "%j is refused with one line",
    (value) => {
      expect(() => replicaUrl(value)).toThrow(ConfigError);
      expect(() => replicaUrl(value)).toThrow(
        /^LITESTREAM_REPLICA_URL must be like file:\/\/\/backups\/portfolio .+, got ".*"$/,
      );
    },
  );
});

import { describe, expect, it } from "vitest";
import { redactUrls } from "~/server/core/redact.server";

describe("redactUrls", () => {
  it.each([
    ["sftp://backup:s3cret@host:22/db", "sftp://backup:***@host:22/db"],
    ['got "sftp://backup:p@ss:w0rd@host/db"', 'got "sftp://backup:***@host/db"'],
    [
      "to s3://KEY:SECRET@bucket/db and https://u:p@example.com/",
      "to s3://KEY:***@bucket/db and https://u:***@example.com/",
    ],
    ["sftp://:only-a-password@host/db", "sftp://:***@host/db"],
    ['got "user:s3cret@backup.example.com/db"', 'got "user:***@backup.example.com/db"'],
  ])("hides the password in %j", (text, redacted) => expect(redactUrls(text)).toBe(redacted));

  it.each(["sftp://backup@host/db", "file:///backups/db", "s3://bucket/db", "at 10:30 in abs://account@container/db"])(
    "leaves %j as it is",
    (text) => expect(redactUrls(text)).toBe(text),
  );
});

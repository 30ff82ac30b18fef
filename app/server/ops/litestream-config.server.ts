/**
 * What Litestream is started with: its config file, written next to the
 * database at each start, and its environment. Credentials go only into the
 * environment of the Litestream process, never into the file
 * (docs/decisions/019-replica-credentials.md).
 */
import fs from "node:fs";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { databaseFile } from "~/server/data/db.server";

/**
 * Litestream expands `${NAME}` in its config before reading it as YAML, so
 * this variable holds the password already quoted: a JSON string is a YAML
 * double-quoted scalar, whatever characters the password has.
 */
const PASSWORD_VARIABLE = "PORTFOLIO_REPLICA_PASSWORD";

interface Replica {
  /** The URL without its password. */
  url: string;
  password: string | undefined;
}

/**
 * Splits the password off the URL. Only SFTP replicas log in with one; the
 * other schemes' credentials come from the environment (AWS_*, Azure's,
 * Google's), so a password in their URL is dropped.
 */
function splitReplicaUrl(replicaUrl: string): Replica {
  const url = new URL(replicaUrl);
  if (!url.password) return { url: replicaUrl, password: undefined };
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { url: url.href, password: url.protocol === "sftp:" ? password : undefined };
}

/** The replica's settings for Litestream. S3 endpoints other than AWS's come from the same settings as photo storage. */
function replicaConfig(replicaUrl: string): string {
  const { url, password } = splitReplicaUrl(replicaUrl);
  const lines = [`      - url: ${JSON.stringify(url)}`];
  if (password !== undefined) lines.push(`        password: \${${PASSWORD_VARIABLE}}`);
  if (url.startsWith("s3://")) {
    const { S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE } = process.env;
    if (S3_ENDPOINT) lines.push(`        endpoint: ${JSON.stringify(S3_ENDPOINT)}`);
    if (S3_REGION) lines.push(`        region: ${JSON.stringify(S3_REGION)}`);
    if (S3_FORCE_PATH_STYLE === "true") lines.push("        force-path-style: true");
  }
  return lines.join("\n");
}

/** Written at each start next to the database; credentials stay in the environment, never in the file. */
export function writeLitestreamConfig(replicaUrl: string): string {
  const file = path.join(config().dataDir, "litestream.yml");
  const yaml = `# Written by the site at start from LITESTREAM_REPLICA_URL: edits are lost.
dbs:
  - path: ${JSON.stringify(databaseFile())}
    replicas:
${replicaConfig(replicaUrl)}
`;
  fs.writeFileSync(file, yaml, { mode: 0o600 });
  return file;
}

/**
 * Litestream reads S3 credentials as AWS_*: the site's own S3_* names are
 * passed on under those; an SFTP password goes in the variable its config names.
 */
export function litestreamEnv(replicaUrl: string): NodeJS.ProcessEnv {
  const { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = process.env;
  const { password } = splitReplicaUrl(replicaUrl);
  return {
    ...process.env,
    ...(S3_ACCESS_KEY_ID ? { AWS_ACCESS_KEY_ID: S3_ACCESS_KEY_ID } : {}),
    ...(S3_SECRET_ACCESS_KEY ? { AWS_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY } : {}),
    ...(password !== undefined ? { [PASSWORD_VARIABLE]: JSON.stringify(password) } : {}),
  };
}

import fs from "node:fs";
import path from "node:path";
import { config } from "./config.server";
import { randomToken } from "~/server/core/tokens.server";

/** The cookie signing secrets: SESSION_SECRET, or one generated once and kept in DATA_DIR. */
export function sessionSecrets(): string[] {
  const configured = config().sessionSecrets;
  if (configured) return configured;
  const file = path.join(config().dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config().dataDir, { recursive: true });
    fs.writeFileSync(file, randomToken(48), { mode: 0o600, flag: "wx" });
  }
  return [fs.readFileSync(file, "utf8").trim()];
}

// `npm run replica:restore`: brings the database back from LITESTREAM_REPLICA_URL
// on a new machine or after losing it. Stop the server and move the old database
// aside first; a start with the setting does the same by itself when none is there.
import fs from "node:fs";
import { config } from "~/server/core/config.server";
import { redactUrls } from "~/server/core/redact.server";
import { databaseFile, StartupError } from "~/server/data/db.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";
import { registerProcess } from "~/server/storage/process-locks.server";
import { restoreFromReplica } from "~/server/ops/replication.server";

const { litestreamReplicaUrl } = config();
if (!litestreamReplicaUrl) {
  console.error("Set LITESTREAM_REPLICA_URL to the replica to restore from.");
  process.exit(1);
}
keepNewFilesPrivate();
try {
  registerProcess("npm run replica:restore", { exclusive: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (fs.existsSync(databaseFile())) {
  console.error(`${databaseFile()} exists: stop the server and move it aside first.`);
  process.exit(1);
}
try {
  if (!restoreFromReplica(litestreamReplicaUrl)) {
    console.error(`The replica at ${redactUrls(litestreamReplicaUrl)} holds no database yet.`);
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
console.log(`Restored ${databaseFile()} from ${redactUrls(litestreamReplicaUrl)}. Start the server.`);

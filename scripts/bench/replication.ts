// Litestream's replication lag: from an edit's answer to the replica holding a
// new piece of the write-ahead log (a file under generations/*/wal/).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeJpeg, uploadImage } from "../../tests/support/images";
import { loginAdmin, startServer } from "../../tests/support/server";
import { median, percentile, type Row } from "./util";

const EDITS = 20;
const TARGET_MS = 2000;

function walFiles(replica: string): Set<string> {
  const generations = path.join(replica, "generations");
  const files = new Set<string>();
  if (!fs.existsSync(generations)) return files;
  for (const generation of fs.readdirSync(generations)) {
    const wal = path.join(generations, generation, "wal");
    if (fs.existsSync(wal)) for (const file of fs.readdirSync(wal)) files.add(`${generation}/${file}`);
  }
  return files;
}

async function untilNewWal(replica: string, before: Set<string>): Promise<void> {
  for (let waited = 0; [...walFiles(replica)].every((file) => before.has(file)); waited += 2) {
    if (waited > 30_000) throw new Error("replication bench: the replica got nothing new in 30 s");
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

export async function benchReplication(): Promise<Row[]> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "bench-litestream-"));
  const replica = path.join(base, "replica");
  const server = await startServer({ env: { LITESTREAM_REPLICA_URL: `file://${replica}` } });
  try {
    const { token } = await loginAdmin(server.url);
    const upload = await uploadImage(server.url, token, { data: await makeJpeg(320, 240, 1), filename: "lag.jpg" });
    const { id } = (await upload.json()) as { id: number };
    await untilNewWal(replica, new Set());
    const lags: number[] = [];
    for (let i = 0; i < EDITS; i++) {
      // Each edit starts once the previous one has reached the replica.
      const before = walFiles(replica);
      const response = await fetch(`${server.url}/api/image/${id}`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Edit ${i}`, description: "" }),
      });
      if (response.status !== 200) throw new Error(`replication bench: edit answered ${response.status}`);
      const answered = performance.now();
      await untilNewWal(replica, before);
      lags.push(performance.now() - answered);
    }
    const p50 = median(lags);
    return [
      {
        figure: `Litestream replication lag to a folder, edit answered → WAL in the replica (p50 of ${EDITS}; p95 ${percentile(lags, 95).toFixed(0)} ms)`,
        target: `≤ ${TARGET_MS} ms`,
        measured: `${p50.toFixed(0)} ms`,
        ratio: (p50 / TARGET_MS).toFixed(2),
      },
    ];
  } finally {
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

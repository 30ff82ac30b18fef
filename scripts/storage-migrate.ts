// `npm run storage:migrate -- --to s3` (or `--to local`): copies every photo
// into the named store, checking each file, with a progress bar. Run it
// again to resume or to pick up photos added meanwhile; then set STORAGE.
import { SingleBar } from "cli-progress";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";
import { migrateStorage, type MigrationTarget } from "~/server/storage/storage-migrate.server";

const to = process.argv[process.argv.indexOf("--to") + 1];
if (!process.argv.includes("--to") || (to !== "s3" && to !== "local")) {
  console.error("Usage: npm run storage:migrate -- --to s3|local");
  process.exit(1);
}
keepNewFilesPrivate();
const bar = new SingleBar({
  format: "Copying photos [{bar}] {value}/{total}",
  // Also into logs (a container has no terminal): a line every few seconds and the last one.
  noTTYOutput: true,
  stream: process.stderr,
});
try {
  const result = await migrateStorage(to as MigrationTarget, (done, total) => {
    if (done === 0) bar.start(total, 0);
    else bar.update(done);
  });
  bar.stop();
  console.log(
    `Copied ${result.copied} photos to ${result.target}, every file checked; ` +
      `${result.present} were there already` +
      (result.projectMedia ? `; copied the media of ${result.projectMedia} projects` : "") +
      (result.missing ? `; ${result.missing} deleted meanwhile were skipped` : "") +
      (result.removed ? `; removed ${result.removed} the site no longer has` : "") +
      `. Set STORAGE=${to} and restart to use it.`,
  );
} catch (error) {
  bar.stop();
  console.error(`Migration stopped: ${(error as Error).message}. Run it again to resume.`);
  process.exit(1);
}

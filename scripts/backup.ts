// `npm run backup -- <dir>`: a consistent snapshot of the database and photos, safe while the site runs.
import { backup } from "~/server/ops/backup.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run backup -- <empty folder>");
  process.exit(1);
}
keepNewFilesPrivate();
const { images, dropped } = await backup(target);
console.log(
  `Backed up ${images} photos to ${target}${dropped ? ` (${dropped} deleted during the backup were left out)` : ""}.`,
);

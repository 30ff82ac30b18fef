// `npm run restore -- <dir>`: replaces the database and photos with a backup's. Stop the server first.
import { restore } from "~/server/ops/backup.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";

const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run restore -- <backup folder>   (stop the server first)");
  process.exit(1);
}
keepNewFilesPrivate();
try {
  const { images } = await restore(source);
  console.log(`Restored ${images} photos from ${source}. Start the server again.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

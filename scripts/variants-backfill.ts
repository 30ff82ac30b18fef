// `npm run variants:backfill`: remakes, from their originals, the variants of
// photos uploaded before the current widths and encodings (record 045). Safe
// while the server runs (SQLite WAL, the storage journal), and to run again.
import { backfillVariants } from "~/server/photos/variant-backfill.server";
import { initDatabase } from "~/server/data/db.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";

keepNewFilesPrivate();
initDatabase();
const { pending, remade } = await backfillVariants((done, total) => {
  if (process.stdout.isTTY) process.stdout.write(`\rRemaking ${done} of ${total}…`);
});
if (process.stdout.isTTY && pending) process.stdout.write("\n");
console.log(`Remade the variants of ${remade} of ${pending} photos made with older variants.`);

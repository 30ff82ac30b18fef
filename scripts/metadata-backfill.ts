// `npm run metadata:backfill`: gives photos uploaded before the site read their files' titles and captions the ones
// their originals carry, where the owner typed none. Safe while the server runs (SQLite WAL), and to run again.
import { initDatabase } from "~/server/data/db.server";
import { backfillFileText } from "~/server/photos/text-backfill.server";

initDatabase();
const { read, filled } = await backfillFileText((done, total) => {
  if (process.stdout.isTTY) process.stdout.write(`\rReading ${done} of ${total}…`);
});
if (process.stdout.isTTY && read) process.stdout.write("\n");
console.log(`Read ${read} originals; ${filled} photos took a title or caption from their file.`);

// `npm run exif:backfill`: reads camera details and dates taken from the
// originals of photos uploaded before the site read them. Safe while the server
// runs (SQLite WAL), and to run again.
import { backfillCameraDetails } from "~/server/photos/camera-backfill.server";
import { initDatabase } from "~/server/data/db.server";

initDatabase();
const { read, found } = await backfillCameraDetails((done, total) => {
  if (process.stdout.isTTY) process.stdout.write(`\rReading ${done} of ${total}…`);
});
if (process.stdout.isTTY && read) process.stdout.write("\n");
console.log(`Read ${read} originals; ${found} had camera details or a date taken.`);

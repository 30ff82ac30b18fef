// `npm run admin:reset-2fa`: turns two-step codes off for an owner who lost the
// app and the recovery codes. Stop the server first; sign in with the password,
// then turn them on again from the account page.
import { config } from "~/server/core/config.server";
import { initDatabase } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import { turnOffTwoStep } from "~/server/auth/two-step-off.server";
import { keepNewFilesPrivate } from "~/server/storage/private-files.server";
import { registerProcess } from "~/server/storage/process-locks.server";

keepNewFilesPrivate();
try {
  registerProcess("npm run admin:reset-2fa", { exclusive: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const owner = initDatabase().select().from(users).get();
if (!owner) {
  console.error(`No admin in ${config().dataDir} yet: start the server once to create one.`);
  process.exit(1);
}
if (!owner.totpEnabledAt && !owner.totpPendingSecret) {
  console.log(`Two-step codes were already off for "${owner.username}".`);
} else {
  turnOffTwoStep(owner.id);
  console.log(
    `Turned off two-step codes for "${owner.username}" and removed the recovery codes. ` +
      "Start the server, sign in with the password, and turn them on again from the account page.",
  );
}

/**
 * `PUT /api/site`: whole parts of the site's content at once (the admin's
 * links form: links-form.server.ts). Every value is checked before anything
 * is written, and the change is one transaction: nothing is half-saved.
 */
import { z } from "zod";
import { db } from "~/server/data/db.server";
import { parseInput } from "~/server/http/input.server";
import { linksSetting, profileSetting, settingsSetting } from "./site-content.server";
import { linksSchema, profileSchema, settingsSchema } from "./site-schemas.server";

const siteUpdateSchema = z.object(
  {
    profile: profileSchema.optional(),
    links: linksSchema.optional(),
    settings: settingsSchema.optional(),
  },
  { error: "Send a JSON object with profile, links and/or settings." },
);

/** Replaces the parts given (each whole), all or none. */
export function updateSite(body: unknown): void {
  const update = parseInput(siteUpdateSchema, body);
  db().transaction(() => {
    if (update.profile) profileSetting.write(update.profile);
    if (update.links) linksSetting.write(update.links);
    if (update.settings) settingsSetting.write(update.settings);
  });
}

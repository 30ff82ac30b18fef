import { inArray } from "drizzle-orm";
import { db } from "~/server/data/db.server";
import { siteSettings } from "~/server/data/schema";
import { linksSetting, profileSetting } from "./site-content.server";

/** Whether the owner saved a profile and links of their own (until then the site shows the sample's). */
export function profileAndLinksSaved(): boolean {
  const keys = [profileSetting.key, linksSetting.key];
  return db().select().from(siteSettings).where(inArray(siteSettings.key, keys)).all().length === keys.length;
}

/**
 * The site's own content the owner edits in the admin (profile, links,
 * settings), each one setting in `site_settings` that falls back to the
 * sample (sample-site.ts): a new install and one upgrading from compiled-in
 * content show the sample site until the owner saves something.
 */
import type { PublicSite, SiteLink } from "~/lib/site";
import { config } from "~/server/core/config.server";
import { defineSetting } from "~/server/data/settings.server";
import { linksSchema, profileSchema, settingsSchema, type Profile, type SiteSettings } from "./site-schemas.server";
import { sampleLinks, sampleProfile, sampleSettings } from "./sample-site";
import { hasCv } from "./site-cv.server";
import { linkGlyph } from "./link-icons.server";

export const profileSetting = defineSetting("site.profile", profileSchema, sampleProfile);
export const linksSetting = defineSetting("site.links", linksSchema, sampleLinks);
export const settingsSetting = defineSetting("site.settings", settingsSchema, sampleSettings);

export function readProfile(): Profile {
  return profileSetting.read();
}

export function readSettings(): SiteSettings {
  return settingsSetting.read();
}

/** Whether the viewer shows its camera line and the camera and lens pages answer: SHOW_EXIF, else the setting. */
export function cameraDetailsShown(): boolean {
  return config().showExif ?? readSettings().showCameraDetails;
}

/** Every link in the owner's order, hidden ones included (the admin's list). */
export function readLinks(): SiteLink[] {
  return linksSetting.read();
}

/** What a visitor's page shows: links without an address, and the CV's when there is none, left out. */
export function publicSite(): PublicSite {
  const profile = readProfile();
  const settings = readSettings();
  const cv = hasCv();
  return {
    title: settings.title || profile.name,
    name: profile.name,
    tagline: profile.tagline,
    location: profile.location,
    links: readLinks()
      .filter((link) => (link.kind === "cv" ? cv : link.url !== ""))
      .map((link) => ({ ...link, glyph: linkGlyph(link.icon) })),
    footerLine: settings.footerLine,
    colourScheme: settings.colourScheme,
    accent: settings.accent,
    customAccent: settings.customAccent,
    homeTab: settings.homeTab,
  };
}

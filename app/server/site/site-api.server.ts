/**
 * `GET /api/site`: visitors get what the pages show (the profile, the links
 * shown, the public settings, whether there is a CV, the portrait, the logo); the owner
 * also gets every link (hidden ones too) and every setting, as `PUT` takes them.
 */
import { hasCv } from "./site-cv.server";
import { readLinks, readProfile, readSettings, publicSite } from "./site-content.server";
import { readLogo } from "./site-logo.server";
import { readPortrait } from "./site-portrait.server";

export function siteForApi(admin: boolean) {
  const profile = readProfile();
  const settings = readSettings();
  const shared = { profile, cv: hasCv() ? "/cv.pdf" : null, portrait: readPortrait(), logo: readLogo() };
  if (admin) return { ...shared, links: readLinks(), settings };
  const { title, footerLine, colourScheme, accent, customAccent, homeTab, links } = publicSite();
  // The icons' drawings are the pages' (link-icons.server.ts); the API names the icon.
  const shown = links.map(({ glyph, ...link }) => link);
  return { ...shared, links: shown, settings: { title, footerLine, colourScheme, accent, customAccent, homeTab } };
}

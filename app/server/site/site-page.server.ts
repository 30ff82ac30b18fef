/**
 * The Site section's pages (profile, links, CV, portrait and logo on one page;
 * settings on another): what they show, and their plain forms. A refusal
 * names the field and hands back what was typed, so the form keeps it.
 */
import { data } from "react-router";
import { ACCENTS, ACCENT_NAMES, COLOUR_SCHEMES, CUSTOM_ACCENT, DEFAULT_ACCENT } from "~/lib/accent-palette";
import { HOME_TABS } from "~/lib/home";
import { LINK_ICON_NAMES, SITE_LIMITS } from "~/lib/site";
import { requireAdminPage } from "~/server/auth/auth.server";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseInput } from "~/server/http/input.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { MAX_CV_BYTES, hasCv } from "./site-cv.server";
import { MAX_LOGO_BYTES, MAX_LOGO_SIDE } from "./logo-image.server";
import { profileSetting, readLinks, readProfile, readSettings, settingsSetting } from "./site-content.server";
import { linkGlyph } from "./link-icons.server";
import { saveLinksForm } from "./links-form.server";
import { readLogo } from "./site-logo.server";
import { readPortrait } from "./site-portrait.server";
import { profileSchema, settingsSchema } from "./site-schemas.server";
import { takeSiteNotice } from "./site-notice.server";

export type SiteIntent = "save-profile" | "save-links" | "save-settings";

const LINK_NOTICES = {
  save: "Links saved.",
  "move-up": "Link moved.",
  "move-down": "Link moved.",
  remove: "Link removed.",
};

export async function sitePageLoader(request: Request) {
  await requireAdminPage(request);
  const taken = await takeSiteNotice(request);
  return data(
    {
      profile: readProfile(),
      links: readLinks().map((link) => ({ ...link, glyph: linkGlyph(link.icon) })),
      hasCv: hasCv(),
      portrait: readPortrait(),
      logo: readLogo(),
      maxLogoMegabytes: MAX_LOGO_BYTES / 1024 / 1024,
      maxLogoSide: MAX_LOGO_SIDE,
      notice: taken?.notice ?? null,
      limits: SITE_LIMITS,
      icons: LINK_ICON_NAMES,
      maxCvMegabytes: MAX_CV_BYTES / 1024 / 1024,
    },
    { headers: taken ? { "Set-Cookie": taken.clear, "Cache-Control": PRIVATE_NO_STORE } : undefined },
  );
}

export async function settingsPageLoader(request: Request) {
  await requireAdminPage(request);
  const environment = config().showExif;
  return {
    settings: readSettings(),
    ownerName: readProfile().name,
    schemes: COLOUR_SCHEMES,
    accents: ACCENT_NAMES.map((name) => ({ name, ...ACCENTS[name] })),
    /** The custom accent's colours to start from: the saved ones, else the default palette's. */
    customAccent: readSettings().customAccent ?? {
      light: ACCENTS[DEFAULT_ACCENT].light.accent,
      dark: ACCENTS[DEFAULT_ACCENT].dark.accent,
    },
    homeTabs: HOME_TABS,
    /** SHOW_EXIF, when set, overrides the setting: the page says so. */
    showExifFromEnvironment: environment ?? null,
    limits: SITE_LIMITS,
  };
}

/** The form's text fields as typed, for a refused form to keep. */
function typed(form: FormData | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form?.entries() ?? []) if (typeof value === "string") values[name] = value;
  return values;
}

function siteRefusal(error: HttpError, form: FormData | undefined) {
  return {
    ok: false as const,
    intent: formText(form, "intent") ?? null,
    error: error.message,
    // The exact field at fault (`links[2].url`), named as the form's input is (input.server.ts).
    field: error.field,
    values: typed(form),
  };
}

function done(intent: SiteIntent, notice: string) {
  return { ok: true as const, intent, notice, at: Date.now() };
}

export const sitePageAction = pageAction({ guard: requireAdminPage, refusal: siteRefusal }, (form: FormData) => {
  switch (formText(form, "intent")) {
    case "save-profile":
      profileSetting.write(
        parseInput(profileSchema, {
          name: formText(form, "name") ?? "",
          tagline: formText(form, "tagline") ?? "",
          location: formText(form, "location") ?? "",
          about: formText(form, "about") ?? "",
        }),
      );
      return done("save-profile", "Profile saved.");
    case "save-links":
      return done("save-links", LINK_NOTICES[saveLinksForm(form)]);
    default:
      throw new HttpError(400, "Unknown action.");
  }
});

export const settingsPageAction = pageAction({ guard: requireAdminPage, refusal: siteRefusal }, (form: FormData) => {
  if (formText(form, "intent") !== "save-settings") throw new HttpError(400, "Unknown action.");
  const accent = formText(form, "accent");
  settingsSetting.write(
    parseInput(settingsSchema, {
      title: formText(form, "title") ?? "",
      colourScheme: formText(form, "colourScheme"),
      accent,
      // The colour inputs always send a value: the custom colours change only when Custom is chosen.
      customAccent:
        accent === CUSTOM_ACCENT
          ? { light: formText(form, "customAccent.light") ?? "", dark: formText(form, "customAccent.dark") ?? "" }
          : readSettings().customAccent,
      homeTab: formText(form, "homeTab"),
      showCameraDetails: formText(form, "showCameraDetails") === "on",
      footerLine: formText(form, "footerLine") ?? "",
    }),
  );
  return done("save-settings", "Settings saved.");
});

/**
 * The Site section's pages (profile, links, CV and portrait on one page;
 * settings on another): what they show, and their plain forms. A refusal
 * names the field and hands back what was typed, so the form keeps it.
 */
import { data } from "react-router";
import { ACCENTS, ACCENT_NAMES, COLOUR_SCHEMES } from "~/lib/accent-palette";
import { LINK_ICONS, SITE_LIMITS } from "~/lib/site";
import { requireAdminPage } from "~/server/auth/auth.server";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseInput } from "~/server/http/input.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { MAX_CV_BYTES, hasCv } from "./site-cv.server";
import { profileSetting, readLinks, readProfile, readSettings, settingsSetting } from "./site-content.server";
import { addLink, moveLink, removeLink, saveLink } from "./site-edit.server";
import { readPortrait } from "./site-portrait.server";
import { profileSchema, settingsSchema } from "./site-schemas.server";
import { takeSiteNotice } from "./site-notice.server";

export const SITE_INTENTS = ["save-profile", "save-link", "add-link", "remove-link", "move-up", "move-down"] as const;
export type SiteIntent = (typeof SITE_INTENTS)[number] | "save-settings";

export async function sitePageLoader(request: Request) {
  await requireAdminPage(request);
  const taken = await takeSiteNotice(request);
  return data(
    {
      profile: readProfile(),
      links: readLinks(),
      hasCv: hasCv(),
      portrait: readPortrait(),
      notice: taken?.notice ?? null,
      limits: SITE_LIMITS,
      icons: LINK_ICONS,
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
  const intent = formText(form, "intent") ?? null;
  // A refusal reads "<field> must …" (schema-issues.server.ts): the first word names the input at fault.
  const field = /^([a-zA-Z]+) /.exec(error.message)?.[1] ?? null;
  return {
    ok: false as const,
    intent,
    id: formText(form, "id") ?? null,
    error: error.message,
    field,
    values: typed(form),
  };
}

function done(intent: SiteIntent, notice: string, id: string | null = null) {
  return { ok: true as const, intent, id, notice, at: Date.now() };
}

const linkFields = (form: FormData) => ({
  label: formText(form, "label"),
  url: formText(form, "url"),
  icon: formText(form, "icon"),
});

export const sitePageAction = pageAction({ guard: requireAdminPage, refusal: siteRefusal }, (form: FormData) => {
  const id = formText(form, "id") ?? "";
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
    case "save-link":
      saveLink(id, linkFields(form));
      return done("save-link", "Link saved.", id);
    case "add-link":
      addLink(linkFields(form));
      return done("add-link", "Link added.");
    case "remove-link":
      removeLink(id);
      return done("remove-link", "Link removed.");
    case "move-up":
    case "move-down":
      moveLink(id, formText(form, "intent") === "move-up" ? "up" : "down");
      return done("save-link", "Link moved.", id);
    default:
      throw new HttpError(400, "Unknown action.");
  }
});

export const settingsPageAction = pageAction({ guard: requireAdminPage, refusal: siteRefusal }, (form: FormData) => {
  if (formText(form, "intent") !== "save-settings") throw new HttpError(400, "Unknown action.");
  settingsSetting.write(
    parseInput(settingsSchema, {
      title: formText(form, "title") ?? "",
      colourScheme: formText(form, "colourScheme"),
      accent: formText(form, "accent"),
      showCameraDetails: formText(form, "showCameraDetails") === "on",
      footerLine: formText(form, "footerLine") ?? "",
    }),
  );
  return done("save-settings", "Settings saved.");
});

/**
 * The site content's zod schemas: one for what is stored (each setting) and
 * what the owner sends (forms, `PUT /api/site`), so every field has its limit
 * and a refusal names it ("url must …").
 */
import { z } from "zod";
import { ACCENT_CHOICES, COLOUR_SCHEMES, CUSTOM_ACCENT } from "~/lib/accent-palette";
import { accentContrastProblem, normaliseHex } from "~/lib/contrast";
import { HOME_TABS, type HomeTab } from "~/lib/home";
import { cleanLine, cleanText } from "~/lib/clean-text";
import { CV_PATH, LINK_ICONS, LINK_KINDS, SITE_LIMITS } from "~/lib/site";

function line(max: number, { required = false } = {}) {
  const inner = z.string().max(max, { error: `must be at most ${max} characters` });
  return z
    .string({ error: "must be a string" })
    .transform(cleanLine)
    .pipe(required ? inner.min(1, { error: "must not be empty" }) : inner);
}

const SAFE_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** True for an absolute http:, https:, mailto: or tel: address (a `javascript:` link never reaches a page). */
export function isSafeUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (
    SAFE_PROTOCOLS.has(parsed.protocol) &&
    ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || parsed.hostname !== "")
  );
}

const URL_RULE = "must start with http://, https://, mailto: or tel:";

export const profileSchema = z.object({
  name: line(SITE_LIMITS.name, { required: true }),
  tagline: line(SITE_LIMITS.tagline),
  location: line(SITE_LIMITS.location),
  about: z
    .string({ error: "must be a string" })
    .transform(cleanText)
    .pipe(z.string().max(SITE_LIMITS.about, { error: `must be at most ${SITE_LIMITS.about} characters` })),
});
export type Profile = z.output<typeof profileSchema>;

export const linkSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]{1,32}$/, { error: "must be a link's id" }),
    kind: z.enum(LINK_KINDS, { error: `must be one of ${LINK_KINDS.join(", ")}` }),
    label: line(SITE_LIMITS.linkLabel, { required: true }),
    url: line(SITE_LIMITS.url),
    // "external" was the generic icon's name before the kept sets (record 072).
    icon: z.preprocess(
      (icon) => (icon === "external" ? "link" : icon),
      z.enum(LINK_ICONS, { error: `must be one of ${LINK_ICONS.join(", ")}` }),
    ),
  })
  .refine((link) => link.kind === "cv" || link.url === "" || isSafeUrl(link.url), {
    path: ["url"],
    error: URL_RULE,
  })
  // The CV link points at the uploaded file, whatever is sent.
  .transform((link) => (link.kind === "cv" ? { ...link, url: CV_PATH } : link));

export const linksSchema = z
  .array(linkSchema, { error: "must be a list of links" })
  .max(SITE_LIMITS.links, { error: `must hold at most ${SITE_LIMITS.links} links` })
  .refine((links) => new Set(links.map((link) => link.id)).size === links.length, {
    error: "must not repeat an id",
  })
  .refine(
    (links) =>
      links
        .filter((link) => link.kind !== "custom")
        .every((link, i, fixed) => fixed.findIndex((other) => other.kind === link.kind) === i),
    {
      error: "must hold each of code, network, email and cv at most once",
    },
  );

const HEX_RULE = "must be a colour like #2747c7";
const hex = z
  .string({ error: HEX_RULE })
  .transform(normaliseHex)
  .pipe(z.string({ error: HEX_RULE }));
const HOME_TAB_NAMES = Object.keys(HOME_TABS) as [HomeTab, ...HomeTab[]];

export const settingsSchema = z
  .object({
    title: line(SITE_LIMITS.title),
    colourScheme: z.enum(COLOUR_SCHEMES, { error: `must be one of ${COLOUR_SCHEMES.join(", ")}` }),
    accent: z.enum(ACCENT_CHOICES, { error: `must be one of ${ACCENT_CHOICES.join(", ")}` }),
    // Kept while another accent is chosen; checked for contrast when it is the one in use.
    customAccent: z
      .object({ light: hex, dark: hex }, { error: "must be null or an object with a light and a dark colour" })
      .nullable()
      .default(null),
    homeTab: z.enum(HOME_TAB_NAMES, { error: `must be one of ${HOME_TAB_NAMES.join(", ")}` }).default("projects"),
    showCameraDetails: z.boolean({ error: "must be true or false" }),
    footerLine: line(SITE_LIMITS.footerLine),
  })
  .superRefine((settings, context) => {
    if (settings.accent !== CUSTOM_ACCENT) return;
    if (!settings.customAccent) {
      context.addIssue({ code: "custom", path: ["customAccent"], message: "must give the custom accent's colours" });
      return;
    }
    for (const scheme of ["light", "dark"] as const) {
      const problem = accentContrastProblem(settings.customAccent[scheme], scheme);
      if (problem) context.addIssue({ code: "custom", path: ["customAccent", scheme], message: problem });
    }
  });
export type SiteSettings = z.output<typeof settingsSchema>;

/**
 * Files a setting keeps in the photo store, under `stored`: the storage layer
 * finds them there for backups, restores and `storage:migrate`
 * (photo-copy.server.ts), as it finds the images table's.
 */
export const storedFilesSchema = z.object({
  key: z.string().regex(/^[a-f0-9]{32}$/),
  checksum: z.string().regex(/^[a-f0-9]{64}$/),
  files: z.array(z.string()).min(1),
});

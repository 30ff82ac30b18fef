/**
 * The site's own content as pages receive it (the root loader's `site`): who
 * the owner is, their links and the site's settings. Pure: the server fills
 * it from the database (app/server/site/), the browser only reads it.
 */
import type { AccentName, ColourScheme } from "./accent-palette";

/** The bundled icons a link may wear (app/components/icons.tsx). */
export const LINK_ICONS = ["github", "linkedin", "mail", "file", "code", "external"] as const;
export type LinkIcon = (typeof LINK_ICONS)[number];

/** The spec's four links (each shown when it has an address; the CV when one is uploaded) and the owner's own. */
export const LINK_KINDS = ["code", "network", "email", "cv", "custom"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface SiteLink {
  id: string;
  kind: LinkKind;
  /** The short name the footer shows ("GitHub", "CV"). */
  label: string;
  /** http:, https: or mailto:; the CV's is always /cv.pdf. Empty: not shown. */
  url: string;
  icon: LinkIcon;
}

/** Where the CV is served, whatever was uploaded. */
export const CV_PATH = "/cv.pdf";

export const SITE_LIMITS = {
  name: 100,
  tagline: 160,
  location: 100,
  about: 4000,
  title: 100,
  footerLine: 200,
  linkLabel: 40,
  url: 500,
  links: 20,
} as const;

/** What every page may show: only public fields. */
export interface PublicSite {
  /** The site's title, after each page's name ("Page | Title"); defaults to the owner's name. */
  title: string;
  name: string;
  tagline: string;
  location: string;
  /** The links in the owner's order, only those shown (an address, the CV when there is one). */
  links: SiteLink[];
  footerLine: string;
  colourScheme: ColourScheme;
  accent: AccentName;
}

/** The text a screen reader hears for a link in the profile header, and its tooltip. */
export function linkDescription(link: SiteLink): string {
  switch (link.kind) {
    case "code":
    case "network":
      return `${link.label} profile`;
    case "email":
      return "Send an email";
    case "cv":
      return "Download CV (PDF)";
    case "custom":
      return link.label;
  }
}

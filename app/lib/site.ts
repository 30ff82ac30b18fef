/**
 * The site's own content as pages receive it (the root loader's `site`): who
 * the owner is, their links and the site's settings. Pure: the server fills
 * it from the database (app/server/site/), the browser only reads it.
 */
import type { AccentChoice, ColourScheme, CustomAccent } from "./accent-palette";
import type { HomeTab } from "./home";

/**
 * The icons a link may wear, with the names the owner picks them by: the
 * networks photographers use, then plain ones; `link` is the generic icon.
 * Their drawings come from kept icon sets on the server
 * (app/server/site/link-icons.server.ts), never from the page's JavaScript.
 */
export const LINK_ICON_NAMES = {
  link: "Link",
  instagram: "Instagram",
  facebook: "Facebook",
  pinterest: "Pinterest",
  flickr: "Flickr",
  "500px": "500px",
  behance: "Behance",
  vimeo: "Vimeo",
  youtube: "YouTube",
  bluesky: "Bluesky",
  mastodon: "Mastodon",
  x: "X",
  threads: "Threads",
  whatsapp: "WhatsApp",
  phone: "Phone",
  github: "GitHub",
  linkedin: "LinkedIn",
  mail: "Email",
  file: "Document",
  code: "Code",
} as const;
export type LinkIcon = keyof typeof LINK_ICON_NAMES;
export const LINK_ICONS = Object.keys(LINK_ICON_NAMES) as [LinkIcon, ...LinkIcon[]];

/** An icon's drawing on a 24×24 grid, filled (brand marks) or stroked (line icons). */
export interface IconGlyph {
  style: "fill" | "stroke";
  paths: string[];
}

/** The spec's four links (each shown when it has an address; the CV when one is uploaded) and the owner's own. */
export const LINK_KINDS = ["code", "network", "email", "cv", "custom"] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface SiteLink {
  id: string;
  kind: LinkKind;
  /** The short name the footer shows ("GitHub", "CV"). */
  label: string;
  /** http:, https:, mailto: or tel:; the CV's is always /cv.pdf. Empty: not shown. */
  url: string;
  icon: LinkIcon;
}

/** What the Site page's links form does besides saving every link: move or remove the one its button names. */
export const LINK_INTENTS = ["save", "move-up", "move-down", "remove"] as const;
export type LinkIntent = (typeof LINK_INTENTS)[number];

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
  /** The links in the owner's order, only those shown (an address, the CV when there is one), each with its icon. */
  links: (SiteLink & { glyph: IconGlyph })[];
  footerLine: string;
  colourScheme: ColourScheme;
  accent: AccentChoice;
  customAccent: CustomAccent | null;
  /** The home page's tab at `/`, and the first of the two. */
  homeTab: HomeTab;
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

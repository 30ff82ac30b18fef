/**
 * The sample site (its CV is sample-cv.pdf, served by site-cv.server.ts) a new install starts with, and what an install upgrading
 * from compiled-in content keeps showing until the owner edits it: each of
 * the site's settings falls back to its part of this (site-content.server.ts).
 */
import { DEFAULT_ACCENT } from "~/lib/accent-palette";
import type { SiteLink } from "~/lib/site";

export const sampleProfile = {
  name: "Alex Sample",
  tagline: "Web developer and hobby photographer",
  location: "Stockholm, Sweden",
  about: "",
};

export const sampleLinks: SiteLink[] = [
  { id: "code", kind: "code", label: "GitHub", url: "https://github.com/alex-sample", icon: "github" },
  {
    id: "network",
    kind: "network",
    label: "LinkedIn",
    url: "https://www.linkedin.com/in/alex-sample",
    icon: "linkedin",
  },
  { id: "email", kind: "email", label: "Email", url: "mailto:alex@example.com", icon: "mail" },
  { id: "cv", kind: "cv", label: "CV", url: "/cv.pdf", icon: "file" },
];

export const sampleSettings = {
  /** Empty: the owner's name. */
  title: "",
  colourScheme: "system" as const,
  accent: DEFAULT_ACCENT,
  customAccent: null,
  homeTab: "projects" as const,
  showCameraDetails: true,
  footerLine: "",
};

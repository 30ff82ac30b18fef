/** A project card as pages and the API show it: public fields only, media as URLs. */

export type ProjectCardMedia =
  | { kind: "image"; src: string; srcset: string; alt: string; width: number; height: number }
  | {
      kind: "video";
      src: string;
      type: string;
      poster: string;
      label: string;
      width: number;
      height: number;
    };

export interface ProjectCardData {
  id: number;
  name: string;
  description: string;
  tags: string[];
  /** The demo or live site: an http(s) URL, or a path in this site. */
  demoUrl: string;
  /** The source code, when public. */
  codeUrl: string | null;
  /** None until the owner uploads some: the card is then text only. */
  media: ProjectCardMedia | null;
}

/** A link that stays in the site (a path); anything else opens in a new tab. */
export function isInternalLink(link: string): boolean {
  return link.startsWith("/") && !link.startsWith("//") && !link.includes("\\");
}

export const MAX_PROJECT_TAGS = 10;
export const MAX_TAG_LENGTH = 40;
export const MAX_PROJECT_DESCRIPTION = 1000;
export const MAX_LINK_LENGTH = 2000;
export const MAX_PROJECT_VIDEO_MB = 50;

/**
 * The drawings of the icons a link may wear (LINK_ICON_NAMES in lib/site.ts),
 * from two kept sets: the brands' marks from simple-icons (CC0), and LinkedIn
 * (which simple-icons no longer carries, at LinkedIn's request) and the plain
 * icons from Tabler (MIT), in the 24px line style of the app's own icons;
 * the few used are kept in app/assets/icons (record 086).
 * Imported by server code only: the page gets each shown link's paths in its
 * data, so the visitor's JavaScript carries no icon (record 072).
 */
import fiveHundredPx from "~/assets/icons/simple-icons/500px.svg?raw";
import behance from "~/assets/icons/simple-icons/behance.svg?raw";
import bluesky from "~/assets/icons/simple-icons/bluesky.svg?raw";
import facebook from "~/assets/icons/simple-icons/facebook.svg?raw";
import flickr from "~/assets/icons/simple-icons/flickr.svg?raw";
import github from "~/assets/icons/simple-icons/github.svg?raw";
import instagram from "~/assets/icons/simple-icons/instagram.svg?raw";
import mastodon from "~/assets/icons/simple-icons/mastodon.svg?raw";
import pinterest from "~/assets/icons/simple-icons/pinterest.svg?raw";
import threads from "~/assets/icons/simple-icons/threads.svg?raw";
import vimeo from "~/assets/icons/simple-icons/vimeo.svg?raw";
import whatsapp from "~/assets/icons/simple-icons/whatsapp.svg?raw";
import x from "~/assets/icons/simple-icons/x.svg?raw";
import youtube from "~/assets/icons/simple-icons/youtube.svg?raw";
import code from "~/assets/icons/tabler/code.svg?raw";
import file from "~/assets/icons/tabler/file-text.svg?raw";
import link from "~/assets/icons/tabler/link.svg?raw";
import linkedin from "~/assets/icons/tabler/brand-linkedin.svg?raw";
import mail from "~/assets/icons/tabler/mail.svg?raw";
import phone from "~/assets/icons/tabler/phone.svg?raw";
import type { IconGlyph, LinkIcon } from "~/lib/site";

const brands = { instagram, facebook, pinterest, flickr, "500px": fiveHundredPx, behance, vimeo, youtube };
const moreBrands = { bluesky, mastodon, x, threads, whatsapp, github };
const lines = { link, phone, linkedin, mail, file, code };

/** The `d` of each path of an SVG file; Tabler's invisible 24×24 frame (`stroke="none"`) left out. */
export function svgPaths(svg: string): string[] {
  return [...svg.matchAll(/<path\b([^>]*)>/g)]
    .map((match) => match[1]!)
    .filter((attributes) => !attributes.includes('stroke="none"'))
    .map((attributes) => /\bd="([^"]+)"/.exec(attributes)![1]!);
}

const glyph = (style: IconGlyph["style"]) => (svg: string) => ({ style, paths: svgPaths(svg) });

const GLYPHS: Record<LinkIcon, IconGlyph> = {
  ...Object.fromEntries(Object.entries({ ...brands, ...moreBrands }).map(([name, svg]) => [name, glyph("fill")(svg)])),
  ...Object.fromEntries(Object.entries(lines).map(([name, svg]) => [name, glyph("stroke")(svg)])),
} as Record<LinkIcon, IconGlyph>;

export function linkGlyph(name: LinkIcon): IconGlyph {
  return GLYPHS[name];
}

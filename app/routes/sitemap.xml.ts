import { href } from "react-router";
import { homeHref } from "~/lib/home";
import { albumPath, ALBUMS_PATH, cameraPath, GALLERY_PATH, HOME_PATH, lensPath, tagPath, TAGS_PATH } from "~/lib/paths";
import { visibleGearSlugs } from "~/server/photos/gear-pages.server";
import { visibleTagSlugs } from "~/server/photos/tags.server";
import { albumSlugs } from "~/server/albums/albums.server";
import { VISITOR } from "~/server/access/access.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { escapeXml } from "~/server/http/xml.server";
import { cameraDetailsShown, readSettings } from "~/server/site/site-content.server";

const PATHS = [HOME_PATH, GALLERY_PATH, ALBUMS_PATH, href("/sorting"), href("/foo-bar"), href("/life")];

export function loader({ request }: { request: Request }) {
  const origin = siteOrigin(request);
  // For search engines: what a visitor sees listed, whoever asks.
  const albums = albumSlugs(VISITOR).map(albumPath);
  const tags = visibleTagSlugs(VISITOR).map(tagPath);
  const gear = cameraDetailsShown() ? visibleGearSlugs(VISITOR) : { camera: [], lens: [] };
  // The home page's other tab: the owner's first is the plain home URL.
  const first = readSettings().homeTab;
  const otherTab = homeHref(first === "projects" ? "photography" : "projects", false, first);
  const urls = [
    ...PATHS.toSpliced(1, 0, otherTab),
    ...albums,
    ...(tags.length ? [TAGS_PATH, ...tags] : []),
    ...gear.camera.map(cameraPath),
    ...gear.lens.map(lensPath),
  ]
    .map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8" },
  });
}

import { owner } from "~/content/owner";

interface PageMeta {
  /** The page's own name: the site's name is added after it. */
  title: string;
  description: string;
  /** Root-relative path of the page, for og:url. */
  path: string;
  /** Absolute or root-relative URL of a preview image. */
  image?: string;
  /** Keep admin and other private pages out of search engines. */
  noindex?: boolean;
  /** Root-relative path of the page's Atom feed, announced for feed readers. */
  feed?: string;
}

/** A route's `meta` arguments as far as they matter here: the root's loader data is among them. */
type MetaMatches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** The site's origin as the root loader gives it (PUBLIC_URL, else the request's). */
function siteOrigin(matches: MetaMatches): string | undefined {
  const data = matches.find((match) => match?.id === "root")?.loaderData as { origin?: unknown } | undefined;
  return typeof data?.origin === "string" ? data.origin : undefined;
}

/** Every page's title reads "Page | Owner": the page first, so tabs and search results tell pages apart. */
export function pageTitle(page: string): string {
  return `${page} | ${owner.name}`;
}

/**
 * Title, description and Open Graph tags for a route's `meta` export. Link
 * previews need absolute URLs, so og:url and og:image get the site's origin.
 */
export function pageMeta(matches: MetaMatches, { title, description, path, image, noindex, feed }: PageMeta) {
  const origin = siteOrigin(matches);
  const absolute = (url: string) => (origin ? new URL(url, origin).href : url);
  const fullTitle = pageTitle(title);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: absolute(path) },
    { property: "og:site_name", content: owner.name },
    ...(image ? [{ property: "og:image", content: absolute(image) }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(feed
      ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: fullTitle, href: feed }]
      : []),
  ];
}

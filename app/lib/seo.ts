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

function rootData(matches: MetaMatches): { origin?: unknown; site?: { title?: unknown; name?: unknown } } | undefined {
  return matches.find((match) => match?.id === "root")?.loaderData as
    { origin?: unknown; site?: { title?: unknown; name?: unknown } } | undefined;
}

/** The site's origin as the root loader gives it (PUBLIC_URL, else the request's). */
function siteOrigin(matches: MetaMatches): string | undefined {
  const origin = rootData(matches)?.origin;
  return typeof origin === "string" ? origin : undefined;
}

/** The site's title as the root loader gives it (the owner's setting, else their name). */
export function siteTitleOf(matches: MetaMatches): string {
  const title = rootData(matches)?.site?.title;
  return typeof title === "string" ? title : "";
}

/** The owner's name as the root loader gives it, for page descriptions. */
export function ownerNameOf(matches: MetaMatches): string {
  const name = rootData(matches)?.site?.name;
  return typeof name === "string" ? name : "";
}

/**
 * Every page's title reads "Page | Site": the page first, so tabs and search
 * results tell pages apart; the home page (no name of its own) is the site's title alone.
 */
export function pageTitle(page: string, siteTitle: string): string {
  if (!page) return siteTitle;
  return siteTitle ? `${page} | ${siteTitle}` : page;
}

/**
 * Title, description and Open Graph tags for a route's `meta` export. Link
 * previews need absolute URLs, so og:url and og:image get the site's origin.
 */
export function pageMeta(matches: MetaMatches, { title, description, path, image, noindex, feed }: PageMeta) {
  const origin = siteOrigin(matches);
  const absolute = (url: string) => (origin ? new URL(url, origin).href : url);
  const siteTitle = siteTitleOf(matches);
  const fullTitle = pageTitle(title, siteTitle);
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: absolute(path) },
    ...(siteTitle ? [{ property: "og:site_name", content: siteTitle }] : []),
    ...(image ? [{ property: "og:image", content: absolute(image) }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    ...(feed
      ? [{ tagName: "link", rel: "alternate", type: "application/atom+xml", title: fullTitle, href: feed }]
      : []),
  ];
}

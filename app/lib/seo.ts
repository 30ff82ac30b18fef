import { owner } from "~/content/owner";

interface PageMeta {
  title: string;
  description: string;
  /** Path of the page, for og:url; the origin is added in the browser-independent way below. */
  path: string;
  /** Absolute or root-relative URL of a preview image. */
  image?: string;
  /** Keep admin and other private pages out of search engines. */
  noindex?: boolean;
}

/** Title, description and Open Graph tags for a route's `meta` export. */
export function pageMeta({ title, description, path, image, noindex }: PageMeta) {
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: path },
    { property: "og:site_name", content: owner.name },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

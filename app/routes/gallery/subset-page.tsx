/**
 * The page of a part of the gallery (a tag's, a camera's, a lens's): the gallery page with its photos that have it,
 * by date taken, a back link, its name and count. The route files say which part and how it is described.
 */
import type { ReactNode } from "react";
import type { ListSubset } from "~/components/gallery/gallery-scope";
import type { Image } from "~/lib/image";
import { photoCount } from "~/lib/batch";
import { pageMeta } from "~/lib/seo";
import { GalleryPage, galleryMeta, type GalleryPageData } from "./gallery-page";

/** What a subset page's loader gives besides the gallery page's data. */
export interface SubsetPageData extends GalleryPageData {
  download: "none" | "web" | "original";
  cover: Image;
}

interface Props {
  data: SubsetPageData;
  subset: ListSubset;
  path: string;
  name: string;
  count: number;
  titleId: string;
  back: ReactNode;
}

export function SubsetPage({ data, subset, path, name, count, titleId, back }: Props) {
  return (
    <GalleryPage
      data={data}
      scope={{
        path,
        subset,
        albums: data.albums,
        ...(data.download === "none" ? {} : { download: { size: data.download } }),
      }}
      titleId={titleId}
      back={back}
      title={name}
      lede={<p className="page-header__lede">{photoCount(count)}</p>}
      empty={null}
      adminTools={null}
      links={null}
    />
  );
}

interface SubsetMeta {
  /** The subset's name, or none when the page answered 404. */
  name: string | undefined;
  /** "Tags", "Cameras": after the name in the title. */
  kind: string;
  description: string;
  path: string;
  /** Where the 404's page points. */
  notFound: { title: string; path: string };
  feed?: string;
}

export function subsetMeta(
  matches: Parameters<typeof pageMeta>[0],
  data: SubsetPageData | undefined,
  { name, kind, description, path, notFound, feed }: SubsetMeta,
) {
  if (!data || name === undefined) {
    return pageMeta(matches, { title: notFound.title, description: "", path: notFound.path, noindex: true });
  }
  return galleryMeta(matches, data, {
    name,
    title: `${name} | ${kind}`,
    description,
    photoDescription: description,
    path,
    feed,
    image: data.cover.url,
  });
}

import { BackLink } from "~/components/ui/back-link";
import { tagFeedPath, tagPath, TAGS_PATH } from "~/lib/paths";
import { ownerNameOf, pageMeta } from "~/lib/seo";
import { GalleryPage, galleryMeta } from "~/routes/gallery/gallery-page";
import { galleryPageAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { requestAccess } from "~/server/access/access.server";
import { pageError } from "~/server/http/http.server";
import { toImage } from "~/server/photos/image-json.server";
import { tagBySlug } from "~/server/photos/tags.server";
import type { Route } from "./+types/photography.tags.$slug";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    const { cover, ...tag } = tagBySlug(params.slug, access);
    return await loadGalleryPage(request, access, { tagId: tag.id }, { tag, cover: toImage(cover, access) });
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms, as on /photography. */
export const action = ({ request, params }: Route.ActionArgs) => galleryPageAction(tagPath(params.slug))({ request });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const tag = loaderData?.tag;
  if (!tag) return pageMeta(matches, { title: "Tag not found", description: "", path: TAGS_PATH, noindex: true });
  const description = `Photographs by ${ownerNameOf(matches)} tagged ${tag.name}.`;
  return galleryMeta(matches, loaderData, {
    name: tag.name,
    title: `${tag.name} | Tags`,
    description,
    photoDescription: description,
    path: tagPath(tag.slug),
    feed: tagFeedPath(tag.slug),
    image: loaderData.cover.url,
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <GalleryPage
      data={loaderData}
      scope={{
        path: tagPath(tag.slug),
        tagId: tag.id,
        albums: loaderData.albums,
        ...(loaderData.download === "none" ? {} : { download: { size: loaderData.download } }),
      }}
      titleId="tag-title"
      back={<BackLink to={TAGS_PATH}>All tags</BackLink>}
      title={tag.name}
      lede={<p className="page-header__lede">{tag.count === 1 ? "1 photo" : `${tag.count} photos`}</p>}
      empty={null}
      adminTools={null}
      links={null}
    />
  );
}

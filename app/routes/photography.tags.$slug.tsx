import { BackLink } from "~/components/ui/back-link";
import { tagFeedPath, tagPath, TAGS_PATH } from "~/lib/paths";
import { ownerNameOf } from "~/lib/seo";
import { galleryPageAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { SubsetPage, subsetMeta } from "~/routes/gallery/subset-page";
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
  return subsetMeta(matches, loaderData, {
    name: tag?.name,
    kind: "Tags",
    description: `Photographs by ${ownerNameOf(matches)} tagged ${tag?.name}.`,
    path: tagPath(tag?.slug ?? ""),
    feed: tag && tagFeedPath(tag.slug),
    notFound: { title: "Tag not found", path: TAGS_PATH },
  });
};

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag } = loaderData;
  return (
    <SubsetPage
      data={loaderData}
      subset={{ param: "tag", value: String(tag.id) }}
      path={tagPath(tag.slug)}
      name={tag.name}
      count={tag.count}
      titleId="tag-title"
      back={<BackLink to={TAGS_PATH}>All tags</BackLink>}
    />
  );
}

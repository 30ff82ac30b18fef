import { TagCard } from "~/components/gallery/tag-card";
import { BackLink } from "~/components/ui/back-link";
import { useSite } from "~/components/use-site";
import { GALLERY_PATH, TAGS_PATH } from "~/lib/paths";
import { ownerNameOf, pageMeta } from "~/lib/seo";
import { requestAccess } from "~/server/access/access.server";
import { pageError } from "~/server/http/http.server";
import { toImages } from "~/server/photos/image-json.server";
import { listTags } from "~/server/photos/tags.server";
import type { Route } from "./+types/photography.tags";
import "~/styles/albums.css";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const access = await requestAccess(request);
    const tags = listTags(access);
    const covers = toImages(
      tags.map((tag) => tag.cover),
      access,
    );
    return { tags: tags.map(({ cover: _cover, ...tag }, index) => ({ ...tag, cover: covers[index]! })) };
  } catch (error) {
    throw pageError(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta(matches, {
    title: "Tags",
    description: `Photographs by ${ownerNameOf(matches)}, by tag.`,
    path: TAGS_PATH,
    image: loaderData?.tags[0]?.cover.url,
  });

export default function Tags({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { tags } = loaderData;
  return (
    <main className="page albums-page">
      <header className="page-header">
        <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
        <h1 className="page-header__title">Tags</h1>
        <p className="page-header__lede">{site?.name}</p>
      </header>
      {tags.length ? (
        <ol className="album-grid">
          {tags.map((tag, index) => (
            <TagCard key={tag.id} tag={tag} eager={index < 3} />
          ))}
        </ol>
      ) : (
        <p className="albums-empty">No tags yet.</p>
      )}
    </main>
  );
}

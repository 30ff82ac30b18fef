import { SearchBox } from "~/components/search/search-box";
import { SEARCH_PARAM, SEARCH_PATH } from "~/lib/paths";
import { searchHref, searchWords } from "~/lib/search";
import { pageMeta } from "~/lib/seo";
import { GalleryPage, galleryMeta } from "~/routes/gallery/gallery-page";
import { galleryPageAction, loadGalleryPage } from "~/routes/gallery/gallery-page.server";
import { requestAccess } from "~/server/access/access.server";
import { pageError } from "~/server/http/http.server";
import type { Route } from "./+types/photography.search";
import "~/styles/search.css";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

export async function loader({ request }: Route.LoaderArgs) {
  try {
    const text = (new URL(request.url).searchParams.get(SEARCH_PARAM) ?? "").trim();
    // Nothing to look for (no words, only punctuation): the box alone.
    if (!searchWords(text).length) return { text, searched: false as const };
    const access = await requestAccess(request);
    return await loadGalleryPage(request, access, { search: true }, { text, searched: true as const });
  } catch (error) {
    throw pageError(error);
  }
}

/** The viewer's forms, as on /photography. */
export const action = ({ request }: Route.ActionArgs) => galleryPageAction(SEARCH_PATH)({ request });

/** Results are kept out of search engines: a page per query would be endless near-copies of the gallery. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData?.searched) {
    return pageMeta(matches, {
      title: "Search",
      description: "Search the photographs.",
      path: SEARCH_PATH,
      noindex: true,
    });
  }
  const path = searchHref(loaderData.text);
  return galleryMeta(matches, loaderData, {
    name: `“${loaderData.text}”`,
    title: `“${loaderData.text}” | Search`,
    description: `Photographs found for “${loaderData.text}”.`,
    photoDescription: `A photograph found for “${loaderData.text}”.`,
    path,
    noindex: true,
  });
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { text } = loaderData;
  return (
    <>
      {/* Above the results, not in them: the box keeps its place and focus while the results change under it. */}
      <div className="search-bar">
        <SearchBox text={text} />
      </div>
      {loaderData.searched ? (
        <GalleryPage
          data={loaderData}
          scope={{
            path: SEARCH_PATH,
            albums: loaderData.albums,
            ...(loaderData.download === "none" ? {} : { download: { size: loaderData.download } }),
          }}
          titleId="search-title"
          back={null}
          title={`Results for “${text}”`}
          lede={
            loaderData.total ? (
              <p className="page-header__lede">{loaderData.total === 1 ? "1 photo" : `${loaderData.total} photos`}</p>
            ) : null
          }
          sortable={false}
          empty={
            <div className="gallery-empty">
              <h2>No photos match “{text}”</h2>
              <p>Try fewer words, another spelling, or a tag, camera, album or month such as “June 2024”.</p>
            </div>
          }
          adminTools={null}
          links={null}
        />
      ) : (
        <main className="page search-start" aria-labelledby="search-start-title">
          <h1 id="search-start-title" className="visually-hidden">
            Search
          </h1>
          <p className="search-start__hint">
            Names, descriptions, tags, cameras, lenses, albums and dates such as “June 2024” or “2023”.
          </p>
        </main>
      )}
    </>
  );
}

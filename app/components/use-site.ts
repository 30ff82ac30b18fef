import { useRouteLoaderData } from "react-router";
import type { PublicSite } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

/** The site's content the root loader read (undefined only when that loader itself failed: the error page). */
export function useSite(): PublicSite | undefined {
  return useRouteLoaderData<typeof rootLoader>("root")?.site;
}

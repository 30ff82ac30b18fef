import { GearPage, gearMeta } from "~/routes/gallery/gear-page";
import { gearPageAction, loadGearPage } from "~/routes/gallery/gear-page.server";
import type { Route } from "./+types/photography.lenses.$slug";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

export const loader = ({ request, params }: Route.LoaderArgs) => loadGearPage(request, "lens", params.slug);

/** The viewer's forms, as on /photography. */
export const action = ({ request, params }: Route.ActionArgs) => gearPageAction(request, "lens", params.slug);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => gearMeta(matches, loaderData, "lens");

export default function LensPage({ loaderData }: Route.ComponentProps) {
  return <GearPage data={loaderData} />;
}

import { GearPage, gearMeta } from "~/routes/gallery/gear-page";
import { gearPageAction, loadGearPage } from "~/routes/gallery/gear-page.server";
import type { Route } from "./+types/photography.cameras.$slug";

export { shouldRevalidate } from "~/routes/gallery/gallery-page";

export const loader = ({ request, params }: Route.LoaderArgs) => loadGearPage(request, "camera", params.slug);

/** The viewer's forms, as on /photography. */
export const action = ({ request, params }: Route.ActionArgs) => gearPageAction(request, "camera", params.slug);

export const meta: Route.MetaFunction = ({ loaderData, matches }) => gearMeta(matches, loaderData, "camera");

export default function CameraPage({ loaderData }: Route.ComponentProps) {
  return <GearPage data={loaderData} />;
}

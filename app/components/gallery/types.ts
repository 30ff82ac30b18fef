import type { Route } from "../../routes/+types/photography";

/** The photo open in the viewer and its neighbours in the gallery's order: the gallery loader's `viewer`. */
export type ViewerImage = NonNullable<Route.ComponentProps["loaderData"]["viewer"]>;

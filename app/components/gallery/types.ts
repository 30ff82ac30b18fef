import type { Route } from "../../routes/+types/photography";

/** The photo the server resolved for `?image=`, with its neighbours: the gallery loader's `viewer`. */
export type ServerViewer = Route.ComponentProps["loaderData"]["viewer"];

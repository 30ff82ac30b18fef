import { href } from "react-router";

/**
 * Pages both the server (redirects, fallbacks) and the UI (links, form
 * actions) name. `href` checks each against app/routes.ts at compile time.
 */
export const HOME_PATH = href("/");
export const GALLERY_PATH = href("/photography");
export const ADMIN_PATH = href("/photography/admin");

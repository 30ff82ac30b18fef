/** The home page's tabs, kept in the URL so the server renders the chosen one. */

import { HOME_PATH } from "./paths";

export const HOME_TABS = { projects: "Projects", photography: "Photography" } as const;
export type HomeTab = keyof typeof HOME_TABS;

export const PREVIEW_COUNT = 10;

/** No `tab` means Projects; an unknown one selects nothing, which shows the welcome text. */
export function parseHomeTab(value: string | null): HomeTab | null {
  if (value === null || value === "") return "projects";
  return Object.hasOwn(HOME_TABS, value) ? (value as HomeTab) : null;
}

/** Projects is the plain home URL; a pressed joke button stays pressed across tabs. */
export function homeHref(tab: HomeTab, jokePressed: boolean): string {
  const params = new URLSearchParams();
  if (tab !== "projects") params.set("tab", tab);
  if (jokePressed) params.set("joke", "pressed");
  const query = params.toString();
  return query ? `${HOME_PATH}?${query}` : HOME_PATH;
}

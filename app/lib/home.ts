/** The home page's tabs, kept in the URL so the server renders the chosen one. */

import { HOME_PATH } from "./paths";

export const HOME_TABS = { projects: "Projects", photography: "Photography" } as const;
export type HomeTab = keyof typeof HOME_TABS;

export const PREVIEW_COUNT = 10;

/** The tabs in their order: the owner's first tab (Site settings), then the other. */
export function homeTabOrder(first: HomeTab): HomeTab[] {
  return [first, ...(Object.keys(HOME_TABS) as HomeTab[]).filter((tab) => tab !== first)];
}

/** No `tab` means the owner's first tab; an unknown one selects nothing, which shows the welcome text. */
export function parseHomeTab(value: string | null, first: HomeTab): HomeTab | null {
  if (value === null || value === "") return first;
  return Object.hasOwn(HOME_TABS, value) ? (value as HomeTab) : null;
}

/** The owner's first tab is the plain home URL; a pressed joke button stays pressed across tabs. */
export function homeHref(tab: HomeTab, jokePressed: boolean, first: HomeTab): string {
  const params = new URLSearchParams();
  if (tab !== first) params.set("tab", tab);
  if (jokePressed) params.set("joke", "pressed");
  const query = params.toString();
  return query ? `${HOME_PATH}?${query}` : HOME_PATH;
}

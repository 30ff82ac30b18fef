import { useMatches } from "react-router";

/**
 * Whether this page is a share link's client view (record 087): its loader says so with `clientView: true`, and the
 * header and footer then leave out the portfolio's menu and links.
 */
export function useClientView(): boolean {
  return useMatches().some((match) => (match.loaderData as { clientView?: unknown } | undefined)?.clientView === true);
}

import { owner } from "~/content/owner";

/**
 * The name the site goes by (the header's home link). Read from
 * `app/content/` today; every page reads it through here, so moving it to
 * the database changes only this function.
 */
export function siteOwnerName(): string {
  return owner.name;
}

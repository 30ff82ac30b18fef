import { readProfile } from "./site-content.server";

/** The name the site goes by (the header's home link, feed authors): the owner's, as edited in the admin. */
export function siteOwnerName(): string {
  return readProfile().name;
}

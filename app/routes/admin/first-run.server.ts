import { DASHBOARD_UPLOAD_ID } from "~/lib/dashboard";
import { ADMIN_SITE_PATH, ALBUMS_PATH, adminAlbumPath } from "~/lib/paths";
import { OWNER } from "~/server/access/access.server";
import { albumSlugs } from "~/server/albums/albums.server";
import { anyShareLinkMade } from "~/server/sharing/share-link-made.server";
import { profileAndLinksSaved } from "~/server/site/profile-saved.server";

export interface FirstRunStep {
  label: string;
  done: boolean;
  /** Where the step is done. */
  href: string;
}

/**
 * The dashboard's first-run checklist, read from the site as it is: shown until every step is done, then null (the
 * dashboard drops it).
 */
export function firstRunChecklist(photoCount: number): FirstRunStep[] | null {
  const [firstAlbum] = albumSlugs(OWNER);
  const steps = [
    { label: "Set your name and links", done: profileAndLinksSaved(), href: ADMIN_SITE_PATH },
    { label: "Upload photos", done: photoCount > 0, href: `#${DASHBOARD_UPLOAD_ID}` },
    { label: "Make an album", done: firstAlbum !== undefined, href: `${ALBUMS_PATH}#new-album` },
    {
      label: "Share it",
      done: anyShareLinkMade(),
      href: firstAlbum === undefined ? `${ALBUMS_PATH}#new-album` : adminAlbumPath(firstAlbum),
    },
  ];
  return steps.every((step) => step.done) ? null : steps;
}

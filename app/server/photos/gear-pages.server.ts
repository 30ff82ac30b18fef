/** The camera and lens pages (record 078): the one a slug names, and the sitemap's list of them. */
import { cameraSlug, gearSlug, type GearKind } from "~/lib/gear";
import type { Access } from "~/server/access/access.server";
import { photoListed } from "~/server/access/visibility-sql.server";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { images, type ImageRow } from "~/server/data/schema";
import { gearName, type Gear } from "./gear.server";
import { firstImageRows, listCount } from "./images.server";
import { TAG_ORDER } from "./list-query.server";

/** A camera or lens as its page shows it: its name, the photos the request sees with it, the newest taken as cover. */
export interface GearSummary extends Gear {
  name: string;
  count: number;
  cover: ImageRow;
}

const NOT_FOUND = { camera: "There is no such camera", lens: "There is no such lens" } as const;

/** The camera or lens of the page: one the request sees a photo of, else the 404 of an unknown one. */
export function gearBySlug(gear: Gear, access: Access): GearSummary {
  const name = gearName(gear);
  const [cover] = name ? firstImageRows(1, TAG_ORDER, { access, gear }) : [];
  if (!name || !cover) throw new HttpError(404, NOT_FOUND[gear.kind]);
  return { ...gear, name, count: listCount({ access, gear }), cover };
}

/** The slugs of the cameras and lenses of the photos the request sees listed: the sitemap's. */
export function visibleGearSlugs(access: Access): Record<GearKind, string[]> {
  const rows = db()
    .selectDistinct({ make: images.cameraMake, model: images.cameraModel, lens: images.lens })
    .from(images)
    .where(photoListed(access))
    .all();
  const slugs = (of: (row: (typeof rows)[number]) => string) => [...new Set(rows.map(of).filter(Boolean))].sort();
  return { camera: slugs((row) => cameraSlug(row.make, row.model)), lens: slugs((row) => gearSlug(row.lens)) };
}

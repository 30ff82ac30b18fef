/**
 * Cameras and lenses (record 078): a page's photos are those whose camera or lens has the page's slug. The slug is
 * made from the name the viewer shows (app/lib/gear.ts), so the names stored under each slug are read once per
 * change of the content and a page's list asks for them by value.
 */
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { cameraName } from "~/lib/exif";
import { cameraSlug, gearSlug, type GearKind } from "~/lib/gear";
import { dataVersion } from "~/server/data/data-version.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";

/** A camera's or lens's page, by its slug. */
export interface Gear {
  kind: GearKind;
  slug: string;
}

interface CameraModel {
  make: string | null;
  model: string | null;
}

interface KnownGear {
  version: string;
  cameras: Map<string, CameraModel[]>;
  lenses: Map<string, string[]>;
}

let known: KnownGear | undefined;

function grouped<Value>(values: Value[], slugOf: (value: Value) => string): Map<string, Value[]> {
  const bySlug = new Map<string, Value[]>();
  for (const value of values) {
    const slug = slugOf(value);
    if (slug) bySlug.set(slug, [...(bySlug.get(slug) ?? []), value]);
  }
  return bySlug;
}

/** The stored makes, models and lenses by slug ("Canon" + "EOS R5" and "Canon" + "Canon EOS R5" share one). */
function knownGear(): KnownGear {
  const version = dataVersion();
  if (known?.version === version) return known;
  const models = db().selectDistinct({ make: images.cameraMake, model: images.cameraModel }).from(images).all();
  const lenses = db()
    .selectDistinct({ lens: images.lens })
    .from(images)
    .all()
    .flatMap((row) => (row.lens === null ? [] : [row.lens]));
  known = {
    version,
    cameras: grouped(models, (row) => cameraSlug(row.make, row.model)),
    lenses: grouped(lenses, (lens) => gearSlug(lens)),
  };
  return known;
}

const sameValue = (column: typeof images.cameraMake | typeof images.cameraModel, value: string | null) =>
  value === null ? isNull(column) : eq(column, value);

/** The photos with this camera or lens; none for a slug no photo has. */
export function gearCondition({ kind, slug }: Gear): SQL {
  const gear = knownGear();
  if (kind === "lens") {
    const names = gear.lenses.get(slug);
    return names ? inArray(images.lens, names) : sql`0`;
  }
  const models = gear.cameras.get(slug);
  if (!models) return sql`0`;
  return or(
    ...models.map(({ make, model }) => and(sameValue(images.cameraMake, make), sameValue(images.cameraModel, model))),
  )!;
}

/** The name the page shows: the first stored spelling's, as the viewer writes it. */
export function gearName({ kind, slug }: Gear): string | undefined {
  const gear = knownGear();
  if (kind === "lens") return gear.lenses.get(slug)?.[0];
  const model = gear.cameras.get(slug)?.[0];
  return model && (cameraName(model.make, model.model) ?? undefined);
}

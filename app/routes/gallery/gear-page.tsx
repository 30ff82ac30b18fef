/** The camera and lens pages' component and meta (record 078); their loader is gear-page.server.ts. */
import { BackLink } from "~/components/ui/back-link";
import type { GearKind } from "~/lib/gear";
import { GALLERY_PATH, gearPath } from "~/lib/paths";
import { ownerNameOf, type pageMeta } from "~/lib/seo";
import { SubsetPage, subsetMeta, type SubsetPageData } from "./subset-page";

export interface GearPageData extends SubsetPageData {
  gear: { kind: GearKind; slug: string; name: string; count: number };
}

const WORDS = {
  camera: { kind: "Cameras", notFound: "Camera not found", made: "made with the camera" },
  lens: { kind: "Lenses", notFound: "Lens not found", made: "made with the lens" },
} as const;

export function gearMeta(matches: Parameters<typeof pageMeta>[0], data: GearPageData | undefined, kind: GearKind) {
  const gear = data?.gear;
  const words = WORDS[kind];
  return subsetMeta(matches, data, {
    name: gear?.name,
    kind: words.kind,
    description: `Photographs by ${ownerNameOf(matches)} ${words.made} ${gear?.name}.`,
    path: gearPath(kind, gear?.slug ?? ""),
    notFound: { title: words.notFound, path: GALLERY_PATH },
  });
}

export function GearPage({ data }: { data: GearPageData }) {
  const { gear } = data;
  return (
    <SubsetPage
      data={data}
      subset={{ param: gear.kind, value: gear.slug }}
      path={gearPath(gear.kind, gear.slug)}
      name={gear.name}
      count={gear.count}
      titleId="gear-title"
      back={<BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>}
    />
  );
}

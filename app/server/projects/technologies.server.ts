import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { defineSetting } from "~/server/data/settings.server";
import { DEFAULT_TECHNOLOGIES, TECHNOLOGY_ICONS, type TechnologyIcon } from "./technology-icons.server";

const KNOWN = new Set(TECHNOLOGY_ICONS.map(({ id }) => id));

const technologiesSchema = z.object({
  /** Off: the home page shows no strip. */
  enabled: z.boolean(),
  /** Icon ids in the strip's order; ids no longer bundled are skipped when read. */
  icons: z.array(z.string()).max(TECHNOLOGY_ICONS.length),
});

export type TechnologiesSetting = z.output<typeof technologiesSchema>;

export const technologiesSetting = defineSetting("technologies", technologiesSchema, {
  enabled: true,
  icons: [...DEFAULT_TECHNOLOGIES],
});

function iconsOf(ids: readonly string[]): TechnologyIcon[] {
  return ids.flatMap((id) => TECHNOLOGY_ICONS.filter((icon) => icon.id === id));
}

/** The home page's strip: its icons in order, or null when the owner turned it off (or chose none). */
export function technologyStrip(): TechnologyIcon[] | null {
  const { enabled, icons } = technologiesSetting.read();
  const chosen = iconsOf(icons);
  return enabled && chosen.length > 0 ? chosen : null;
}

/** The admin's view: every bundled icon, the chosen ones first in their order. */
export function technologyChoices() {
  const { enabled, icons } = technologiesSetting.read();
  const chosen = iconsOf(icons);
  const rest = TECHNOLOGY_ICONS.filter((icon) => !icons.includes(icon.id));
  return { enabled, chosen, rest };
}

/**
 * Saves the strip: the chosen ids in order (unknown ones refused, repeats
 * dropped) and whether it shows.
 */
export function saveTechnologies(enabled: boolean, ids: readonly string[]): void {
  const unknown = ids.find((id) => !KNOWN.has(id));
  if (unknown !== undefined) {
    throw new HttpError(400, `icons must be bundled icon ids; "${unknown.slice(0, 40)}" is not one.`, {
      field: "icons",
    });
  }
  technologiesSetting.write({ enabled, icons: [...new Set(ids)] });
}

/** Moves one chosen icon a place up or down (the page's plain forms). */
export function moveTechnology(id: string, step: "up" | "down"): void {
  const { enabled, icons } = technologiesSetting.read();
  const index = icons.indexOf(id);
  const target = step === "up" ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= icons.length) return;
  const order = [...icons];
  [order[index], order[target]] = [order[target]!, order[index]!];
  technologiesSetting.write({ enabled, icons: order });
}

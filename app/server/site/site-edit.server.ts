/**
 * Changes to the site's content: whole parts at once (`PUT /api/site`) or
 * one link at a time (the admin's forms). Every value is checked before
 * anything is written, and each change is one transaction: nothing is half-saved.
 */
import crypto from "node:crypto";
import { z } from "zod";
import type { SiteLink } from "~/lib/site";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { parseInput } from "~/server/http/input.server";
import { linksSetting, profileSetting, readLinks, settingsSetting } from "./site-content.server";
import { linkSchema, linksSchema, profileSchema, settingsSchema } from "./site-schemas.server";

const siteUpdateSchema = z.object(
  {
    profile: profileSchema.optional(),
    links: linksSchema.optional(),
    settings: settingsSchema.optional(),
  },
  { error: "Send a JSON object with profile, links and/or settings." },
);

/** Replaces the parts given (each whole), all or none. */
export function updateSite(body: unknown): void {
  const update = parseInput(siteUpdateSchema, body);
  db().transaction(() => {
    if (update.profile) profileSetting.write(update.profile);
    if (update.links) linksSetting.write(update.links);
    if (update.settings) settingsSetting.write(update.settings);
  });
}

function writeLinks(links: SiteLink[]): void {
  linksSetting.write(parseInput(linksSchema, links));
}

function indexOfLink(links: SiteLink[], id: string): number {
  const index = links.findIndex((link) => link.id === id);
  if (index < 0) throw new HttpError(404, "That link is gone: reload the page.");
  return index;
}

/** A link's new label and address (and icon, for the owner's own links); the kind stays. */
export function saveLink(id: string, fields: { label?: string; url?: string; icon?: string }): void {
  const links = readLinks();
  const index = indexOfLink(links, id);
  const current = links[index]!;
  const changed = parseInput(linkSchema, {
    ...current,
    label: fields.label ?? current.label,
    url: fields.url ?? current.url,
    icon: current.kind === "custom" ? (fields.icon ?? current.icon) : current.icon,
  });
  writeLinks(links.with(index, changed));
}

export function addLink(fields: { label?: string; url?: string; icon?: string }): void {
  const link = parseInput(linkSchema, {
    id: crypto.randomBytes(4).toString("hex"),
    kind: "custom",
    label: fields.label ?? "",
    url: fields.url ?? "",
    icon: fields.icon ?? "",
  });
  if (!link.url) throw new HttpError(400, "url must not be empty");
  writeLinks([...readLinks(), link]);
}

/** Only the owner's own links go; the spec's four are hidden by emptying their address (the CV by "No CV"). */
export function removeLink(id: string): void {
  const links = readLinks();
  const index = indexOfLink(links, id);
  if (links[index]!.kind !== "custom") throw new HttpError(400, "Empty its address to hide this link.");
  writeLinks(links.toSpliced(index, 1));
}

export function moveLink(id: string, direction: "up" | "down"): void {
  const links = readLinks();
  const index = indexOfLink(links, id);
  const other = direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= links.length) return;
  writeLinks(links.with(index, links[other]!).with(other, links[index]!));
}

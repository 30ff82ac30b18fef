/**
 * The gallery's "featured first" order: the owner pins photos to the top
 * (images.featured_position, ascending, gapped like album positions so a move
 * writes one row), the rest follow newest upload first. Which order the
 * gallery shows is the site-wide setting `galleryOrder` (record 039).
 */
import { asc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { POSITION_GAP } from "~/server/albums/album-order.server";
import { defineSetting } from "~/server/data/settings.server";
import { NEWEST_ORDER, type ListOrder } from "./list-query.server";

export const GALLERY_ORDERS = ["newest", "featured"] as const;
export type GalleryOrder = (typeof GALLERY_ORDERS)[number];

/** `newest`: today's order, newest upload first; `featured`: pinned photos first. */
export const galleryOrderSetting = defineSetting("galleryOrder", z.enum(GALLERY_ORDERS), "newest");

export const FEATURED_ORDER: ListOrder = { sortField: "featured", sortOrder: "asc" };

/** The gallery's own order (when the URL names none), as the setting says. */
export function galleryListOrder(): ListOrder {
  return galleryOrderSetting.read() === "featured" ? FEATURED_ORDER : NEWEST_ORDER;
}

/** The pin steps of the viewer's plain forms. */
export const PIN_STEPS = ["pin", "unpin", "up", "down"] as const;
export type PinStep = (typeof PIN_STEPS)[number];

interface Pin {
  id: number;
  position: number;
}

/** Every pinned photo in order: pins are a handful, chosen by hand, so reading them all is cheap. */
function pins(): Pin[] {
  return db()
    .select({ id: images.id, position: sql<number>`${images.featuredPosition}` })
    .from(images)
    .where(isNotNull(images.featuredPosition))
    .orderBy(asc(images.featuredPosition), asc(images.id))
    .all();
}

function place(id: number, position: number | null): void {
  db().update(images).set({ featuredPosition: position }).where(eq(images.id, id)).run();
}

/** Positions GAP apart in the current order; only when a move finds no room between two neighbours. */
function renumber(): Pin[] {
  return pins().map((pin, index) => {
    const position = (index + 1) * POSITION_GAP;
    place(pin.id, position);
    return { ...pin, position };
  });
}

/** A whole number strictly between the two (either may be missing at an edge), or undefined when there is no room. */
function between(lower: Pin | undefined, upper: Pin | undefined): number | undefined {
  if (!lower && !upper) return POSITION_GAP;
  if (!lower) return upper!.position - POSITION_GAP;
  if (!upper) return lower.position + POSITION_GAP;
  if (upper.position - lower.position < 2) return undefined;
  return lower.position + Math.floor((upper.position - lower.position) / 2);
}

type Slot = [Pin | undefined, Pin | undefined];

const NOT_PINNED = "The photo is not pinned: pin it to the top first";

/** The neighbours a step puts the photo between, or undefined when it stays (already at that edge). */
function slotFor(order: Pin[], id: number, step: PinStep): Slot | undefined {
  const others = order.filter((pin) => pin.id !== id);
  const index = order.findIndex((pin) => pin.id === id);
  if (step === "pin") return index === -1 ? [undefined, others[0]] : undefined;
  if (index === -1) throw new HttpError(409, NOT_PINNED);
  // Among the others, the photo now sits before others[index]; up moves it one earlier, down one later.
  const target = step === "up" ? index - 1 : index + 1;
  if (target < 0 || target > others.length) return undefined;
  return [others[target - 1], others[target]];
}

/** A drop beside another pinned photo (the owner's drag and drop): just before or just after it. */
export type PinTarget = { before: number } | { after: number };

function slotBeside(order: Pin[], id: number, target: PinTarget): Slot {
  if (!order.some((pin) => pin.id === id)) throw new HttpError(409, NOT_PINNED);
  const others = order.filter((pin) => pin.id !== id);
  const [field, neighbour] = "before" in target ? ["before", target.before] : ["after", target.after];
  const index = others.findIndex((pin) => pin.id === neighbour);
  if (index === -1) throw new HttpError(400, `${field} must be the id of another pinned photo`);
  return field === "before" ? [others[index - 1], others[index]] : [others[index], others[index + 1]];
}

/** Writes the photo between the neighbours `slotOf` picks (renumbering only when they leave no room). */
function placePin(id: number, slotOf: (order: Pin[]) => Slot | undefined): void {
  let order = pins();
  let slot = slotOf(order);
  if (!slot) return;
  let position = between(...slot);
  if (position === undefined) {
    order = renumber();
    slot = slotOf(order)!;
    position = between(...slot)!;
  }
  place(id, position);
}

function assertImageExists(id: number): void {
  const exists = db().select({ id: images.id }).from(images).where(eq(images.id, id)).get();
  if (!exists) throw new HttpError(404, `There is no image with id ${id}`);
}

/** Pins, unpins or moves one photo among the pinned; one transaction, usually one row written. */
export function applyPinStep(id: number, step: PinStep): void {
  db().transaction(() => {
    assertImageExists(id);
    if (step === "unpin") return place(id, null);
    placePin(id, (order) => slotFor(order, id, step));
  });
}

/** Moves a pinned photo beside another pinned one; answers its new place among the pins (1 first). */
export function movePin(id: number, target: PinTarget): number {
  return db().transaction(() => {
    assertImageExists(id);
    placePin(id, (order) => slotBeside(order, id, target));
    return pins().findIndex((pin) => pin.id === id) + 1;
  });
}

/** The pinned photos' ids in order, for the owner's controls. */
export function pinnedIds(): number[] {
  return pins().map((pin) => pin.id);
}

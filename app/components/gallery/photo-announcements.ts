import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";
import type { Image } from "~/lib/image";

/** What a screen reader hears while a photo is moved with the keyboard (or the mouse), in words about photos. */
export const PHOTO_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    "To move this photo, press space or enter. Then use the arrow keys to move it to another place, " +
    "press space or enter to drop it there, or press escape to cancel.",
};

/** dnd-kit's announcements, naming the photo and its place among the photos shown (1 first). */
export function photoAnnouncements(images: Image[]): Announcements {
  const place = (id: UniqueIdentifier) => images.findIndex((image) => image.id === id) + 1;
  const name = (id: UniqueIdentifier) => images.find((image) => image.id === id)?.name ?? "photo";
  const of = `of ${images.length}`;
  return {
    onDragStart: ({ active }) => `Picked up photo ${name(active.id)}, at place ${place(active.id)} ${of}.`,
    // Over its own place (as every drag starts) says nothing: the pick-up was just announced.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : `Photo ${name(active.id)} is over place ${place(over.id)} ${of}.`
        : `Photo ${name(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Photo ${name(active.id)} was dropped at place ${place(over.id)} ${of}.`
        : `Photo ${name(active.id)} was dropped back at its place.`,
    onDragCancel: ({ active }) => `Moving cancelled. Photo ${name(active.id)} is back at place ${place(active.id)}.`,
  };
}

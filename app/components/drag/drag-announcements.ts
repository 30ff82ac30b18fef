import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

interface Named {
  id: number;
  name: string;
}

/** What a screen reader hears on a movable item, in words about what it is (`noun`: "photo", "project"). */
export function dragInstructions(noun: string): ScreenReaderInstructions {
  return {
    draggable:
      `To move this ${noun}, press space or enter. Then use the arrow keys to move it to another place, ` +
      "press space or enter to drop it there, or press escape to cancel.",
  };
}

/** dnd-kit's announcements, naming the item and its place among the items shown (1 first). */
export function dragAnnouncements(noun: string, items: Named[]): Announcements {
  const place = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  const name = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? noun;
  const of = `of ${items.length}`;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return {
    onDragStart: ({ active }) => `Picked up ${noun} ${name(active.id)}, at place ${place(active.id)} ${of}.`,
    // Over its own place (as every drag starts) says nothing: the pick-up was just announced.
    onDragOver: ({ active, over }) =>
      over
        ? over.id === active.id
          ? undefined
          : `${Noun} ${name(active.id)} is over place ${place(over.id)} ${of}.`
        : `${Noun} ${name(active.id)} is no longer over a place.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${Noun} ${name(active.id)} was dropped at place ${place(over.id)} ${of}.`
        : `${Noun} ${name(active.id)} was dropped back at its place.`,
    onDragCancel: ({ active }) => `Moving cancelled. ${Noun} ${name(active.id)} is back at place ${place(active.id)}.`,
  };
}

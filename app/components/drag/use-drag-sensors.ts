import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

/** The owner's sortable lists' sensors: mouse, touch and keyboard (space, arrows, space). */
export function useDragSensors() {
  return useSensors(
    // A click still works (a photo opens, a button presses): a drag starts only after the pointer travelled a little.
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    // A finger held still picks the item up; a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

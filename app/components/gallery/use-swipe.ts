import { useEffect, useEffectEvent, type RefObject } from "react";

/** How far a finger travels before a touch counts as a swipe, in CSS pixels. */
const SIDEWAYS = 50;
const DOWN = 80;

interface SwipeHandlers {
  /** Finger moved right to left: the next photo. */
  onSwipeLeft: () => void;
  onSwipeRight: () => void;
  /** Finger moved down, from the top of the viewer: close. */
  onSwipeDown: () => void;
}

function inTextField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("input, textarea, select, [contenteditable]") !== null;
}

/** The photo follows a sideways finger; `null` puts it back, sliding unless it is stepping away anyway. */
function follow(element: HTMLElement, dx: number | null, settle = false) {
  const frame = element.querySelector<HTMLElement>(".viewer-frame");
  if (!frame) return;
  frame.classList.toggle("viewer-frame--settling", settle);
  frame.style.translate = dx === null ? "" : `${dx}px 0`;
}

/**
 * Swipes on a touch screen, read from touch events: the browser keeps its own
 * scrolling and pinch zoom (touch-action: pan-y pinch-zoom in viewer.css), and
 * a gesture that turned into either (two fingers, a zoomed page, a scrolled
 * viewer) is not a swipe. The photo follows a sideways finger as it moves.
 */
export function useSwipe(ref: RefObject<HTMLElement | null>, enabled: boolean, handlers: SwipeHandlers) {
  // Read the newest handlers at the end of a gesture, so a render in the middle
  // of one (the photo changing) does not detach the listeners and lose its start.
  const swipe = useEffectEvent((direction: keyof SwipeHandlers) => handlers[direction]());
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    let start: { x: number; y: number; atTop: boolean } | null = null;

    function onStart(event: TouchEvent) {
      const touch = event.touches[0];
      const zoomed = (window.visualViewport?.scale ?? 1) > 1.01;
      start =
        event.touches.length === 1 && touch && !zoomed && !inTextField(event.target)
          ? { x: touch.clientX, y: touch.clientY, atTop: element!.scrollTop <= 0 }
          : null;
    }
    function onMove(event: TouchEvent) {
      const touch = event.touches[0];
      if (event.touches.length > 1 || !start || !touch) {
        if (start) follow(element!, null, true);
        start = null;
        return;
      }
      const dx = touch.clientX - start.x;
      if (Math.abs(dx) > Math.abs(touch.clientY - start.y)) follow(element!, dx);
    }
    function onEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      if (!start || !touch) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      const { atTop } = start;
      start = null;
      if (Math.abs(dx) > SIDEWAYS && Math.abs(dx) > 1.5 * Math.abs(dy)) {
        follow(element!, null);
        swipe(dx < 0 ? "onSwipeLeft" : "onSwipeRight");
        return;
      }
      follow(element!, null, true);
      if (dy > DOWN && dy > 1.5 * Math.abs(dx) && atTop && element!.scrollTop <= 0) {
        swipe("onSwipeDown");
      }
    }
    function onCancel() {
      start = null;
      follow(element!, null, true);
    }

    const passive = { passive: true };
    element.addEventListener("touchstart", onStart, passive);
    element.addEventListener("touchmove", onMove, passive);
    element.addEventListener("touchend", onEnd, passive);
    element.addEventListener("touchcancel", onCancel, passive);
    return () => {
      element.removeEventListener("touchstart", onStart);
      element.removeEventListener("touchmove", onMove);
      element.removeEventListener("touchend", onEnd);
      element.removeEventListener("touchcancel", onCancel);
    };
  }, [ref, enabled]);
}

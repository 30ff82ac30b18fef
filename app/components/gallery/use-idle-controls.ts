import { useEffect, useState, type RefObject } from "react";

/** How long the pointer rests before the viewer's controls fade from the photo. */
export const IDLE_MS = 2500;

/** A control that keeps them all on screen: one a keyboard user is on, or one the mouse rests on. */
function holdsControls(root: HTMLElement): boolean {
  if (root.querySelector(".viewer-control:focus-visible")) return true;
  // A touch leaves :hover on what it tapped: only a real pointer's hover counts.
  return window.matchMedia("(hover: hover)").matches && root.querySelector(".viewer-control:hover") !== null;
}

/**
 * Whether the viewer's controls (close, play, details, previous and next)
 * have faded: after IDLE_MS without pointer movement, touch or focus moving.
 * They never fade while a keyboard user is on one of them or the mouse rests
 * on one; without JavaScript they always show.
 */
export function useIdleControls(dialog: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const root = dialog.current;
    if (!root || !enabled) {
      setIdle(false);
      return;
    }
    let timer = 0;
    const rest = () => {
      if (holdsControls(root)) wake();
      else setIdle(true);
    };
    function wake() {
      setIdle(false);
      window.clearTimeout(timer);
      timer = window.setTimeout(rest, IDLE_MS);
    }
    wake();
    const passive = { passive: true };
    document.addEventListener("pointermove", wake, passive);
    document.addEventListener("pointerdown", wake, passive);
    document.addEventListener("touchstart", wake, passive);
    document.addEventListener("focusin", wake);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener("pointermove", wake);
      document.removeEventListener("pointerdown", wake);
      document.removeEventListener("touchstart", wake);
      document.removeEventListener("focusin", wake);
    };
  }, [dialog, enabled]);
  return idle;
}

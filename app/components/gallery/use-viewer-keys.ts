import { useEffectEvent, useLayoutEffect, type RefObject } from "react";
import type { ViewerMode } from "~/lib/gallery-url";

function focusable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, textarea, [tabindex]")].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.matches("input, textarea, select") || target.isContentEditable);
}

interface Keys {
  mode: ViewerMode;
  /** Closing: the keys do nothing more. */
  closing: boolean;
  close: () => void;
  /** Escape in a form: back to viewing the photo. */
  leaveForm: () => void;
  goPrevious: () => void;
  goNext: () => void;
}

/** The viewer's keyboard: Tab stays inside the dialog, Escape closes (or leaves a form), the arrows step. */
export function useViewerKeys(dialog: RefObject<HTMLElement | null>, keys: Keys) {
  const { mode, closing, close, leaveForm, goPrevious, goNext } = keys;
  // One listener for the viewer's life, reading the newest keys: a listener swapped during a key's dispatch (the
  // slideshow stopping on the same key re-renders in between) would miss that key.
  const onKeyDown = useEffectEvent((event: KeyboardEvent) => {
    const root = dialog.current;
    if (!root || closing) return;
    if (event.key === "Tab") {
      const items = focusable(root);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      // The dialog itself holds focus when it opens: either Tab goes to its first or last control.
      const outside = !root.contains(document.activeElement) || document.activeElement === root;
      if (event.shiftKey && (document.activeElement === first || outside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || outside)) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "Escape") {
      event.preventDefault();
      // In a form, Escape gives up the form first rather than the whole viewer.
      if (mode === "view") close();
      else leaveForm();
      return;
    }
    if (mode !== "view" || isTextField(event.target)) return;
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      goPrevious();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      goNext();
    }
  });
  // Attached as the dialog is drawn, not in a passive effect: React runs those in a later task, and a key pressed in
  // between (the browser handles input first) reached a viewer already on screen that did not listen yet.
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => onKeyDown(event);
    document.addEventListener("keydown", listener);
    return () => document.removeEventListener("keydown", listener);
  }, []);
}

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true once React runs in
 * the browser. For behaviour only, such as what a form asks the server for:
 * what is shown with or without JavaScript is chosen by CSS before the first
 * paint (`.js-only`, `.no-js-only` in app.css), so hydration changes nothing on screen.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

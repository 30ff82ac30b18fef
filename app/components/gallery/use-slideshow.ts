import { useEffect, useEffectEvent, useState, type RefObject } from "react";

/** How long each photo stays on screen while the slideshow plays. */
const SLIDE_MS = 5000;
/** Keys that move through the photos or the page: pressing one takes over from the slideshow. */
const NAVIGATION_KEYS = new Set([
  "ArrowLeft",
  "ArrowRight",
  "ArrowUp",
  "ArrowDown",
  "PageUp",
  "PageDown",
  "Home",
  "End",
]);

interface Options {
  /** Changes with every photo shown: each one gets its full time. */
  photoId: number;
  /** False while the viewer edits or closes. */
  active: boolean;
  hasNext: boolean;
  advance: () => void;
  /** Play from the start (the page's Slideshow link). */
  startPlaying: boolean;
}

/**
 * The viewer's slideshow (JavaScript only): the viewer full screen where the
 * browser allows it (else the overlay as it is), each photo for SLIDE_MS. It
 * waits while the tab is hidden, and stops for good on Pause, Escape, leaving
 * full screen, a navigation key and after the last photo.
 */
export function useSlideshow(
  dialog: RefObject<HTMLElement | null>,
  { photoId, active, hasNext, advance, startPlaying }: Options,
) {
  const [playing, setPlaying] = useState(startPlaying);
  const [hidden, setHidden] = useState(false);
  const running = playing && active;

  const nextSlide = useEffectEvent(() => {
    if (hasNext) advance();
    else setPlaying(false);
  });
  useEffect(() => {
    if (!running || hidden) return;
    const timer = window.setTimeout(nextSlide, SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [running, hidden, photoId]);

  useEffect(() => {
    if (!running) return;
    const onVisibility = () => setHidden(document.hidden);
    const onKeyDown = (event: KeyboardEvent) => {
      if (NAVIGATION_KEYS.has(event.key)) setPlaying(false);
    };
    onVisibility();
    document.addEventListener("visibilitychange", onVisibility);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [running]);

  useEffect(() => {
    const root = dialog.current;
    if (!running || !root || !document.fullscreenEnabled) return;
    // The click on Play (or on the page's Slideshow link) is what lets the page go full screen; a refusal leaves the overlay.
    // Already full screen by the viewer's own button: it stays so when the slideshow stops.
    const entered = !document.fullscreenElement;
    if (entered) root.requestFullscreen().catch(() => undefined);
    // Escape, or the browser's own way out of full screen, ends the slideshow too.
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) setPlaying(false);
    };
    document.addEventListener("fullscreenchange", onFullscreenChange);
    return () => {
      document.removeEventListener("fullscreenchange", onFullscreenChange);
      if (entered && document.fullscreenElement === root) document.exitFullscreen().catch(() => undefined);
    };
  }, [dialog, running]);

  return {
    playing: running,
    toggle: () => setPlaying(!running),
    stop: () => setPlaying(false),
  };
}

import { useEffect, useEffectEvent, useState, type FocusEvent } from "react";

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
}

/**
 * The viewer's slideshow (JavaScript only). It waits while the caption is
 * hovered or holds focus (someone is reading) and while the tab is hidden,
 * and stops for good on Pause, on a navigation key and after the last photo.
 */
export function useSlideshow({ photoId, active, hasNext, advance }: Options) {
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [hidden, setHidden] = useState(false);
  const running = playing && active;
  const waiting = hovered || focused || hidden;

  const nextSlide = useEffectEvent(() => {
    if (hasNext) advance();
    else setPlaying(false);
  });
  useEffect(() => {
    if (!running || waiting) return;
    const timer = window.setTimeout(nextSlide, SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [running, waiting, photoId]);

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

  return {
    playing: running,
    toggle: () => setPlaying(!running),
    stop: () => setPlaying(false),
    /** Spread on the caption: reading it holds the current photo. */
    captionProps: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event: FocusEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      },
    },
  };
}

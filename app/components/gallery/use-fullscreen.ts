import { useEffect, useState, type RefObject } from "react";

/**
 * The viewer's own full-screen switch (JavaScript only), outside the
 * slideshow too. `supported` is false where the browser cannot put an element
 * full screen (an iPhone): the button then goes.
 */
export function useFullscreen(root: RefObject<HTMLElement | null>) {
  const [supported, setSupported] = useState(true);
  const [active, setActive] = useState(false);

  useEffect(() => {
    setSupported(document.fullscreenEnabled);
    const element = root.current;
    // The browser's own way out (Escape, its bar) and the slideshow's switch are followed too.
    const follow = () => setActive(element !== null && document.fullscreenElement === element);
    follow();
    document.addEventListener("fullscreenchange", follow);
    return () => document.removeEventListener("fullscreenchange", follow);
  }, [root]);

  function toggle() {
    const element = root.current;
    if (!element) return;
    // A refusal (a frame not allowed to, a browser setting) leaves the overlay as it is.
    if (document.fullscreenElement === element) document.exitFullscreen().catch(() => undefined);
    else element.requestFullscreen().catch(() => undefined);
  }

  return { supported, active, toggle };
}

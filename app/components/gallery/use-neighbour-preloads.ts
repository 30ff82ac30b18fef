import { useEffect, type RefObject } from "react";
import { preload } from "react-dom";
import type { Image } from "~/lib/image";
import { viewerAvifMedia, viewerSizes } from "~/lib/viewer-image";

/** A neighbour in the file the viewer will draw it from on this screen (the same srcset, sizes and format). */
function preloadNeighbour(neighbour: Image) {
  const media = viewerAvifMedia(neighbour);
  const avif = neighbour.avifSrcset !== "" && (media === undefined || window.matchMedia(media).matches);
  preload(neighbour.url, {
    as: "image",
    type: avif ? "image/avif" : undefined,
    imageSrcSet: avif ? neighbour.avifSrcset : neighbour.srcset,
    imageSizes: viewerSizes(neighbour),
    fetchPriority: "low",
  });
}

/**
 * The previous and next photos, fetched once the viewer's own photo has
 * loaded, so that stepping to them is instant: never before it, which they
 * would slow on a phone's connection (a deep link's largest paint).
 */
export function useNeighbourPreloads(dialog: RefObject<HTMLElement | null>, photoId: number, neighbours: Image[]) {
  useEffect(() => {
    const photo = dialog.current?.querySelector<HTMLImageElement>(".viewer-frame img");
    if (!photo) return;
    const preloadAll = () => neighbours.forEach(preloadNeighbour);
    // Loaded (or failed) before the script ran, as a deep link's photo often is.
    if (photo.complete) return preloadAll();
    photo.addEventListener("load", preloadAll, { once: true });
    return () => photo.removeEventListener("load", preloadAll);
  }, [dialog, photoId, neighbours]);
}

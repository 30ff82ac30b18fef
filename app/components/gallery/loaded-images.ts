/**
 * Ids of the photos the browser already holds in the gallery list. The route's
 * `shouldRevalidate` reads it: opening one of them in the viewer needs no
 * server round trip, any other photo does.
 */
let loaded = new Set<number>();

export function rememberLoadedImages(ids: Iterable<number>): void {
  loaded = new Set(ids);
}

export function isImageLoaded(id: number): boolean {
  return loaded.has(id);
}

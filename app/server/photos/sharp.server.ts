/**
 * sharp, loaded at its first use. Most starts never decode an image (a restart that serves pages and stored variants,
 * every test server that seeds its photos), and loading libvips with its version checks was about a tenth of a start.
 */
import type sharpModule from "sharp";

export type SharpFunction = typeof sharpModule;

let loading: Promise<SharpFunction> | undefined;

export function loadSharp(): Promise<SharpFunction> {
  loading ??= import("sharp").then(({ default: sharp }) => {
    // No cache: every image is read once, and the cache would only grow the heap.
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

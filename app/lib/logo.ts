/** The owner's logo as pages draw it (site-logo.server.ts): WebP variants, which keep the PNG's transparency. */
export interface Logo {
  url: string;
  srcset: string;
  width: number;
  height: number;
}

/** CSS pixels tall: the client view's header (as tall as a tap target), and the Site page's preview. */
export const LOGO_HEADER_HEIGHT = 40;
export const LOGO_PREVIEW_HEIGHT = 80;

/** The `sizes` of a logo drawn `height` px tall: its width at that height, so the browser picks the variant. */
export function logoSizes(logo: Pick<Logo, "width" | "height">, height: number): string {
  return `${Math.ceil((height * logo.width) / logo.height)}px`;
}

import type { IconGlyph } from "~/lib/site";

/**
 * A link's icon, drawn from the paths the server read from the kept icon sets
 * (server/site/link-icons.server.ts): the page's JavaScript holds none of
 * them. Brand marks are filled; plain icons share the app's line style.
 * Decorative, so hidden from assistive technology.
 */
export function LinkIcon({ glyph, className }: { glyph: IconGlyph; className?: string }) {
  const line = glyph.style === "stroke";
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill={line ? "none" : "currentColor"}
      {...(line ? { stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } : {})}
      aria-hidden="true"
      focusable="false"
    >
      {glyph.paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}

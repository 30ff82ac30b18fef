import { Fragment, type ReactNode } from "react";

/**
 * One line's parts set apart by a middle dot, everywhere the same: "a · b".
 * The font's "·" is narrow, so the dot gets a little room of its own
 * (`.dot-separator`); the text reads as before.
 */
export function DotSeparated({ parts }: { parts: ReactNode[] }) {
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <span className="dot-separator"> · </span> : null}
      {part}
    </Fragment>
  ));
}

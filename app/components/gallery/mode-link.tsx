import { Link, type LinkProps } from "react-router";

/** A step between the viewer's modes: same history entry, same scroll position. */
export function ModeLink(props: Omit<LinkProps, "replace" | "preventScrollReset">) {
  return <Link {...props} replace preventScrollReset />;
}

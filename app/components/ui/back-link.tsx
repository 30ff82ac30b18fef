import type { ReactNode } from "react";
import { Link } from "react-router";

/** The one way back up: a quiet line above a page's title, "← Back to …". */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="back-link">
      <span className="back-link__arrow" aria-hidden="true">
        ←
      </span>
      {children}
    </Link>
  );
}

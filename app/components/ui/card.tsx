import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A card: media on top, a body below. With `to`, the title is the link and it
 * stretches over the whole card, so the card is one target and one tab stop;
 * other links inside (`card__action`) sit above it.
 */
export function Card({
  as: Element = "article",
  className,
  children,
}: {
  as?: "article" | "li" | "div";
  className?: string;
  children: ReactNode;
}) {
  return <Element className={["card", className].filter(Boolean).join(" ")}>{children}</Element>;
}

export function CardTitle({ to, level = 3, children }: { to?: string; level?: 2 | 3; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className="card__title">
      {to ? (
        <Link to={to} className="card__link">
          {children}
        </Link>
      ) : (
        children
      )}
    </Heading>
  );
}

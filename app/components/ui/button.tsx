import type { ComponentProps } from "react";
import { Link } from "react-router";

/** primary: the one main action; secondary: the others; danger: destroys something. */
export type ButtonVariant = "primary" | "secondary" | "danger";

interface ButtonLook {
  variant?: ButtonVariant;
  /** Full width of its container (forms on narrow cards). */
  wide?: boolean;
}

/** The button look's class names, for the few elements that are neither a `<button>` nor a `<Link>`. */
export function buttonClass({ variant = "primary", wide = false }: ButtonLook = {}, extra?: string): string {
  return ["button", variant !== "primary" && `button--${variant}`, wide && "button--wide", extra]
    .filter(Boolean)
    .join(" ");
}

export function Button({ variant, wide, className, type = "button", ...props }: ComponentProps<"button"> & ButtonLook) {
  return <button type={type} className={buttonClass({ variant, wide }, className)} {...props} />;
}

/** A link that looks like a button: navigation, so it stays a link for the browser and assistive technology. */
export function LinkButton({ variant, wide, className, ...props }: ComponentProps<typeof Link> & ButtonLook) {
  return <Link className={buttonClass({ variant, wide }, className)} {...props} />;
}

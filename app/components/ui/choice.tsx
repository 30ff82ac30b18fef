import type { ComponentProps, ReactNode } from "react";

/** A checkbox or radio inside its label: the whole label, a tap tall, is the tap area (`.choice` in ui.css). */
export function Choice({ children, ...input }: ComponentProps<"input"> & { children: ReactNode }) {
  return (
    <label className="choice">
      <input {...input} />
      {children}
    </label>
  );
}

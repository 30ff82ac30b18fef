import type { ComponentPropsWithRef } from "react";
import "~/styles/drag.css";

/** The one grip the owner picks a photo or a card up by (dnd-kit's activator: its attributes and listeners). */
export function DragHandle({ label, className, ...props }: { label: string } & ComponentPropsWithRef<"button">) {
  return (
    <button
      type="button"
      className={className ? `tap-square drag-handle ${className}` : "tap-square drag-handle"}
      {...props}
      aria-label={label}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}

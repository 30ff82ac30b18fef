import type { ReactNode } from "react";

interface IconProps {
  className?: string;
}

/** Line icons share one 24×24 stroke style; decorative, so hidden from assistive technology. */
function StrokeIcon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function CodeIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <path d="M16 18l6-6-6-6M8 6l-6 6 6 6" />
    </StrokeIcon>
  );
}

export function ExternalLinkIcon({ className }: IconProps) {
  return (
    <StrokeIcon className={className}>
      <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3" />
    </StrokeIcon>
  );
}

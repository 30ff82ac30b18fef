import type { CSSProperties } from "react";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import type { Image } from "~/lib/image";
import { viewerAvifMedia, viewerSizes } from "~/lib/viewer-image";
import { galleryHref, type ViewerHistoryState } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

/** The photo's own size and shape: viewer.css fits it to the screen from these, never beyond its own width. */
function frameSize(image: Image): CSSProperties {
  return {
    aspectRatio: `${image.width} / ${image.height}`,
    ["--photo-width" as string]: `${image.width}px`,
    ["--photo-ratio" as string]: (image.width / image.height).toFixed(4),
  };
}

interface Props {
  image: Image;
  previous: number | null;
  /** "load": the list holds no later photo yet but the server has more. */
  next: number | null | "load";
  /** With "load": where Next goes without JavaScript (the next page's first photo, or that page). */
  nextPageHref: string | null;
  position: string;
  state: ViewerHistoryState | undefined;
  isLoaded: (id: number) => boolean;
  /** A step by hand: it stops the slideshow. */
  onStep: () => void;
  onLoadNext: () => void;
}

/** The photo, fitted to the screen, with Previous and Next: links that work without JavaScript. */
export function ViewerStage({
  image,
  previous,
  next,
  nextPageHref,
  position,
  state,
  isLoaded,
  onStep,
  onLoadNext,
}: Props) {
  const { path } = useGalleryScope();
  return (
    <div className="viewer-stage" data-backdrop="">
      <div className="viewer-frame" style={frameSize(image)}>
        <ResponsiveImage
          key={image.id}
          image={image}
          sizes={viewerSizes(image)}
          avifMedia={viewerAvifMedia(image)}
          loading="eager"
          fetchPriority="high"
        />
      </div>
      <nav className="viewer-nav" aria-label="Photos">
        {previous !== null ? (
          <StepLink
            to={galleryHref(position, { image: previous }, path)}
            state={state}
            loaded={isLoaded(previous)}
            direction="previous"
            onClick={onStep}
          />
        ) : null}
        {next === "load" && nextPageHref ? (
          // One link: without JavaScript it opens the next page; the script loads that page in place and moves on.
          <Link
            to={nextPageHref}
            className="viewer-step viewer-step--next viewer-control"
            onClick={(event) => {
              event.preventDefault();
              onStep();
              onLoadNext();
            }}
          >
            <StepLabel direction="next" />
          </Link>
        ) : typeof next === "number" ? (
          <StepLink
            to={galleryHref(position, { image: next }, path)}
            state={state}
            loaded={isLoaded(next)}
            direction="next"
            onClick={onStep}
          />
        ) : null}
      </nav>
    </div>
  );
}

type Direction = "previous" | "next";

function StepLabel({ direction }: { direction: Direction }) {
  return (
    <>
      <span className="viewer-step__icon" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22">
          <path
            d={direction === "previous" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.75"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <span className="visually-hidden">{direction === "previous" ? "Previous image" : "Next image"}</span>
    </>
  );
}

interface StepLinkProps {
  to: string;
  state: ViewerHistoryState | undefined;
  /** The photo is in the gallery list: no server round trip. */
  loaded: boolean;
  direction: Direction;
  onClick: () => void;
}

function StepLink({ to, state, loaded, direction, onClick }: StepLinkProps) {
  return (
    <Link
      to={to}
      onClick={onClick}
      replace
      preventScrollReset
      state={state}
      defaultShouldRevalidate={!loaded}
      className={`viewer-step viewer-step--${direction} viewer-control`}
    >
      <StepLabel direction={direction} />
    </Link>
  );
}

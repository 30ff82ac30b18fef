import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from "react";
import { preload } from "react-dom";
import { Link, useLocation } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { formatBytes, formatLongDate } from "~/lib/format";
import { exifLine, takenDate } from "~/lib/exif";
import type { Image } from "~/lib/image";
import { galleryHref, type ViewerHistoryState, type ViewerMode } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";
import { useSlideshow } from "./use-slideshow";
import { useSwipe } from "./use-swipe";
import { useViewerNavigation } from "./use-viewer-navigation";
import { ViewerAdmin } from "./viewer-admin";
import "~/styles/viewer.css";

/** The spec's fade-out; viewer.css animates over the same time. */
const CLOSE_MS = 300;

export interface ViewerPhoto {
  image: Image;
  previous: number | null;
  /** "load": the list holds no later photo yet but the server has more. */
  next: number | null | "load";
  /** The previous and next photos where the list holds them, preloaded so that stepping to them is instant. */
  neighbours: Image[];
}

interface Props {
  photo: ViewerPhoto;
  mode: ViewerMode;
  position: string;
  admin: boolean;
  /** The camera line under the photo (SHOW_EXIF). */
  showExif: boolean;
  /** Whether the gallery list holds a photo, which then opens without a server round trip. */
  isLoaded: (id: number) => boolean;
  onLoadNext: () => void;
  onUpdated: (image: Image) => void;
  onDeleted: (id: number) => void;
}

/** The photo's own size and shape: viewer.css fits it to the screen from these, never beyond its own width. */
function frameSize(image: Image): CSSProperties {
  return {
    aspectRatio: `${image.width} / ${image.height}`,
    ["--photo-width" as string]: `${image.width}px`,
    ["--photo-ratio" as string]: (image.width / image.height).toFixed(4),
  };
}

/**
 * How wide the photo is drawn (viewer.css): beside a 24rem panel from 900px,
 * where a tall photo is bounded by the height instead; the screen less its
 * margins on phones.
 */
function viewerSizes(image: Image): string {
  const ratio = image.width / image.height;
  const wide = ratio > 1.2 ? "calc(100vw - 33rem)" : `calc((100vh - 3rem) * ${ratio.toFixed(3)})`;
  return `(min-width: 900px) ${wide}, calc(100vw - 2rem)`;
}

function focusable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input, textarea, [tabindex]")].filter(
    (element) => element.tabIndex >= 0 && element.getClientRects().length > 0,
  );
}

function isTextField(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.matches("input, textarea, select") || target.isContentEditable);
}

/**
 * The full-screen photo viewer, a state of the page's URL (`?image=42`): the
 * server renders it, so a deep link works without JavaScript, where close,
 * previous and next are plain links. With JavaScript it fades out on close
 * (Escape, backdrop, close button), keeps focus inside and follows the arrow keys.
 */
export function Viewer({ photo, mode, position, admin, showExif, isLoaded, onLoadNext, onUpdated, onDeleted }: Props) {
  const { image, previous, next, neighbours } = photo;
  for (const neighbour of neighbours) {
    // The same srcset and sizes as the photo will have, so the browser picks, and later reuses, the same file.
    preload(neighbour.url, {
      as: "image",
      imageSrcSet: neighbour.srcset,
      imageSizes: viewerSizes(neighbour),
      fetchPriority: "low",
    });
  }
  const { show, leave, state } = useViewerNavigation(position, isLoaded);
  const { path } = useGalleryScope();
  const location = useLocation();
  const [closing, setClosing] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const closeLink = useRef<HTMLAnchorElement>(null);
  const titleId = "viewer-title";

  useEffect(() => setClosing(false), [location.key]);

  useEffect(() => {
    if (!closing) return;
    const reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const timer = window.setTimeout(() => void leave(), reduced ? 0 : CLOSE_MS);
    return () => window.clearTimeout(timer);
  }, [closing, leave]);

  const close = useCallback(() => setClosing(true), []);

  const goPrevious = useCallback(() => {
    if (previous !== null) void show(previous);
  }, [previous, show]);
  const goNext = useCallback(() => {
    if (next === "load") onLoadNext();
    else if (next !== null) void show(next);
  }, [next, onLoadNext, show]);

  // Focus moves into the viewer when it opens, and back in whenever the focused control went away (last photo, mode change).
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) closeLink.current?.focus();
  }, [image.id, mode]);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const root = dialog.current;
      if (!root || closing) return;
      if (event.key === "Tab") {
        const items = focusable(root);
        const first = items[0];
        const last = items.at(-1);
        if (!first || !last) return;
        const outside = !root.contains(document.activeElement);
        if (event.shiftKey && (document.activeElement === first || outside)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && (document.activeElement === last || outside)) {
          event.preventDefault();
          first.focus();
        }
        return;
      }
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "Escape") {
        event.preventDefault();
        // In a form, Escape gives up the form first rather than the whole viewer.
        if (mode === "view") close();
        else void show(image.id);
        return;
      }
      if (mode !== "view" || isTextField(event.target)) return;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        goPrevious();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        goNext();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [close, closing, goNext, goPrevious, image.id, mode, show]);

  const slideshow = useSlideshow({
    photoId: image.id,
    active: mode === "view" && !closing,
    hasNext: next !== null,
    advance: goNext,
  });

  // A step by hand (a swipe, a click) takes over from the slideshow, as a navigation key does.
  useSwipe(dialog, mode === "view" && !closing, {
    onSwipeLeft: () => {
      slideshow.stop();
      goNext();
    },
    onSwipeRight: () => {
      slideshow.stop();
      goPrevious();
    },
    onSwipeDown: close,
  });

  function closeOnBackdrop(event: MouseEvent<HTMLDivElement>) {
    if (event.target instanceof HTMLElement && event.target.hasAttribute("data-backdrop")) close();
  }

  function closeWithFade(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    close();
  }

  const saved = useCallback(
    (updated: Image) => {
      onUpdated(updated);
      void show(updated.id);
    },
    [onUpdated, show],
  );
  const deleted = useCallback(
    (id: number) => {
      onDeleted(id);
      void leave();
    },
    [leave, onDeleted],
  );

  const viewing = mode === "view";
  return (
    // A click on the backdrop closes, as Escape and the Close link do for the keyboard (handled on the document).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialog}
      className={[
        "viewer",
        viewing ? null : "viewer--editing",
        closing ? "viewer--closing" : null,
        slideshow.playing ? "viewer--playing" : null,
      ]
        .filter(Boolean)
        .join(" ")}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onClick={closeOnBackdrop}
      data-backdrop=""
    >
      <div className="viewer-layout" data-backdrop="">
        <div className="viewer-stage" data-backdrop="">
          <div className="viewer-frame" style={frameSize(image)}>
            <ResponsiveImage
              key={image.id}
              image={image}
              sizes={viewerSizes(image)}
              avif={false}
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
                onClick={slideshow.stop}
              />
            ) : null}
            {next === "load" ? (
              <button
                type="button"
                className="viewer-step viewer-step--next"
                onClick={() => {
                  slideshow.stop();
                  onLoadNext();
                }}
              >
                <StepLabel direction="next" />
              </button>
            ) : next !== null ? (
              <StepLink
                to={galleryHref(position, { image: next }, path)}
                state={state}
                loaded={isLoaded(next)}
                direction="next"
                onClick={slideshow.stop}
              />
            ) : null}
          </nav>
        </div>

        <section className="viewer-info" aria-labelledby={titleId} {...slideshow.captionProps}>
          {/* While editing, the form holds the name and description: the title only names the dialog. */}
          <h2 id={titleId} className={viewing ? "viewer-title" : "visually-hidden"}>
            {image.name}
          </h2>
          {viewing ? (
            <>
              {image.description ? <p className="viewer-description">{image.description}</p> : null}
              {showExif && exifLine(image.exif) ? <p className="viewer-exif">{exifLine(image.exif)}</p> : null}
              <div className="viewer-meta">
                {image.taken_at ? <p>{`Taken: ${takenDate(image.taken_at)}`}</p> : null}
                <p>{`Uploaded: ${formatLongDate(image.uploaded_at)}`}</p>
                <p>{`Size: ${formatBytes(image.size)}`}</p>
              </div>
            </>
          ) : null}
          {admin ? (
            <ViewerAdmin
              image={image}
              mode={mode}
              position={position}
              historyState={state}
              loaded={isLoaded(image.id)}
              onSaved={saved}
              onDeleted={deleted}
            />
          ) : null}
        </section>
      </div>

      {viewing ? (
        <button type="button" className="viewer-play js-only" onClick={slideshow.toggle}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              d={slideshow.playing ? "M8 5v14M16 5v14" : "M8 5.5v13l10.5-6.5z"}
              fill={slideshow.playing ? "none" : "currentColor"}
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">{slideshow.playing ? "Pause slideshow" : "Play slideshow"}</span>
        </button>
      ) : null}
      <Link
        ref={closeLink}
        to={galleryHref(position, undefined, path)}
        className="viewer-close"
        onClick={closeWithFade}
        preventScrollReset
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Close</span>
      </Link>
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
      className={`viewer-step viewer-step--${direction}`}
    >
      <StepLabel direction={direction} />
    </Link>
  );
}

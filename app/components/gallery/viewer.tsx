import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { formatBytes, formatLongDate } from "~/lib/format";
import type { Image } from "~/lib/image";
import { galleryHref, type ViewerHistoryState, type ViewerMode } from "~/lib/gallery-url";
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
}

interface Props {
  photo: ViewerPhoto;
  mode: ViewerMode;
  position: string;
  admin: boolean;
  /** Whether the gallery list holds a photo, which then opens without a server round trip. */
  isLoaded: (id: number) => boolean;
  onLoadNext: () => void;
  onUpdated: (image: Image) => void;
  onDeleted: (id: number) => void;
}

/** As large as the screen allows above the texts, never beyond the photo's own size, in its aspect ratio before it loads. */
function frameSize(image: Image): CSSProperties {
  const ratio = image.width / image.height;
  return {
    aspectRatio: `${image.width} / ${image.height}`,
    width: `min(100%, ${image.width}px, calc((100dvh - var(--viewer-chrome) - 4.75rem) * ${ratio.toFixed(4)}))`,
  };
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
export function Viewer({ photo, mode, position, admin, isLoaded, onLoadNext, onUpdated, onDeleted }: Props) {
  const { image, previous, next } = photo;
  const { show, leave, state } = useViewerNavigation(position, isLoaded);
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

  return (
    // A click on the backdrop closes, as Escape and the Close link do for the keyboard (handled on the document).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={dialog}
      className={closing ? "viewer viewer--closing" : "viewer"}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      onClick={closeOnBackdrop}
      data-backdrop=""
    >
      <Link
        ref={closeLink}
        to={galleryHref(position)}
        className="viewer-close"
        onClick={closeWithFade}
        preventScrollReset
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Close</span>
      </Link>

      <div className="viewer-stage" data-backdrop="">
        <div className="viewer-frame" style={frameSize(image)}>
          <ResponsiveImage
            key={image.id}
            image={image}
            sizes="100vw"
            avif={false}
            loading="eager"
            fetchPriority="high"
          />
        </div>
      </div>

      <nav className="viewer-nav" aria-label="Photos" data-backdrop="">
        {previous !== null ? (
          <StepLink
            to={galleryHref(position, { image: previous })}
            state={state}
            loaded={isLoaded(previous)}
            direction="previous"
          />
        ) : null}
        {next === "load" ? (
          <button type="button" className="viewer-step viewer-step--next" onClick={onLoadNext}>
            <StepLabel direction="next" />
          </button>
        ) : next !== null ? (
          <StepLink
            to={galleryHref(position, { image: next })}
            state={state}
            loaded={isLoaded(next)}
            direction="next"
          />
        ) : null}
      </nav>

      <section className="viewer-info" aria-labelledby={titleId}>
        <h2 id={titleId}>{image.name}</h2>
        {image.description ? <p className="viewer-description">{image.description}</p> : null}
        <p className="viewer-meta">{`Uploaded: ${formatLongDate(image.uploaded_at)}`}</p>
        <p className="viewer-meta">{`Size: ${formatBytes(image.size)}`}</p>
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
  );
}

type Direction = "previous" | "next";

function StepLabel({ direction }: { direction: Direction }) {
  return (
    <>
      <span aria-hidden="true">{direction === "previous" ? "‹" : "›"}</span>
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
}

function StepLink({ to, state, loaded, direction }: StepLinkProps) {
  return (
    <Link
      to={to}
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

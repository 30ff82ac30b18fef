import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useLocation } from "react-router";
import type { Image } from "~/lib/image";
import { galleryHref, type ViewerMode } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";
import { useIdleControls } from "./use-idle-controls";
import { useSlideshow } from "./use-slideshow";
import { useFullscreen } from "./use-fullscreen";
import { useSwipe } from "./use-swipe";
import { useViewerKeys } from "./use-viewer-keys";
import { useViewerNavigation } from "./use-viewer-navigation";
import { ViewerAdmin } from "./viewer-admin";
import { ViewerNameStep } from "~/components/favourites/favourites-bar";
import { ViewerComment } from "~/components/favourites/viewer-comment";
import { ViewerCaption } from "./viewer-caption";
import { ViewerControls } from "./viewer-controls";
import { useNeighbourPreloads } from "./use-neighbour-preloads";
import { ViewerStage } from "./viewer-stage";
import "~/styles/viewer.css";

/** The spec's fade-out; viewer.css animates over the same time. */
const CLOSE_MS = 300;

export interface ViewerPhoto {
  image: Image;
  previous: number | null;
  /** "load": the list holds no later photo yet but the server has more. */
  next: number | null | "load";
  /** With "load": the next photo on the list's next page, where Next goes without JavaScript (null when unknown). */
  nextPageHref: string | null;
  /** The previous and next photos where the list holds them, preloaded so that stepping to them is instant. */
  neighbours: Image[];
  /** Its place in the whole list, from 1, where the list knows it. */
  index: number | null;
}

interface Props {
  photo: ViewerPhoto;
  mode: ViewerMode;
  position: string;
  /** How many photos the list holds, the page's and the album's alike. */
  total: number;
  admin: boolean;
  /** The camera line under the photo (SHOW_EXIF). */
  showExif: boolean;
  /** Whether the gallery list holds a photo, which then opens without a server round trip. */
  isLoaded: (id: number) => boolean;
  onLoadNext: () => void;
  onUpdated: (image: Image) => void;
  onDeleted: (id: number) => void;
}

/**
 * The full-screen photo viewer, a state of the page's URL (`?image=42`): the
 * server renders it, so a deep link works without JavaScript, where close,
 * previous and next are plain links. With JavaScript it fades out on close
 * (Escape, backdrop, close button), keeps focus inside and follows the arrow keys;
 * its controls fade while the pointer rests, and the caption folds away ("i").
 */
export function Viewer({
  photo,
  mode,
  position,
  total,
  admin,
  showExif,
  isLoaded,
  onLoadNext,
  onUpdated,
  onDeleted,
}: Props) {
  const { image, previous, next, nextPageHref, neighbours, index } = photo;
  const { show, leave, state } = useViewerNavigation(position, isLoaded);
  const { path, download } = useGalleryScope();
  const location = useLocation();
  const [closing, setClosing] = useState(false);
  // The caption's "i" toggle: shown until folded away, for as long as the viewer stays open.
  const [details, setDetails] = useState(true);
  // The album's and the gallery's Slideshow link open the viewer playing.
  const [startPlaying] = useState(() => (location.state as { slideshow?: boolean } | null)?.slideshow === true);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = "viewer-title";
  const infoId = "viewer-info";

  useNeighbourPreloads(dialog, image.id, neighbours);

  // Once asked, closing holds until the viewer is gone: a step's navigation that lands during the fade (the URL had
  // already changed when Escape or Close came) must not cancel it.
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

  // Focus moves to the dialog itself when it opens (no ring on a control nobody chose), and back to it whenever
  // the focused control went away (last photo, mode change); Tab then reaches the controls, with their ring.
  useEffect(() => {
    if (!dialog.current?.contains(document.activeElement)) dialog.current?.focus();
  }, [image.id, mode]);

  const slideshow = useSlideshow(dialog, {
    photoId: image.id,
    active: mode === "view" && !closing,
    hasNext: next !== null,
    advance: goNext,
    startPlaying,
  });

  const fullscreen = useFullscreen(dialog);

  const leaveForm = useCallback(() => void show(image.id), [show, image.id]);
  useViewerKeys(dialog, {
    mode,
    closing,
    close: slideshow.playing ? slideshow.stop : close,
    leaveForm,
    goPrevious,
    goNext,
  });
  const idle = useIdleControls(dialog, mode === "view" && !closing);

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
        viewing && !details ? "viewer--bare" : null,
        idle ? "viewer--idle" : null,
      ]
        .filter(Boolean)
        .join(" ")}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      onClick={closeOnBackdrop}
      data-backdrop=""
    >
      <div className="viewer-layout" data-backdrop="">
        <ViewerStage
          image={image}
          previous={previous}
          next={next}
          nextPageHref={nextPageHref}
          position={position}
          state={state}
          isLoaded={isLoaded}
          onStep={slideshow.stop}
          onLoadNext={onLoadNext}
        />

        <ViewerCaption id={infoId} image={image} titleId={titleId} viewing={viewing} showExif={showExif}>
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
          ) : (
            <>
              <ViewerNameStep imageId={image.id} />
              <ViewerComment imageId={image.id} />
            </>
          )}
        </ViewerCaption>
      </div>

      <ViewerControls
        viewing={viewing}
        playing={slideshow.playing}
        onTogglePlay={slideshow.toggle}
        details={details}
        onToggleDetails={() => setDetails(!details)}
        fullscreen={fullscreen}
        infoId={infoId}
        counter={index === null ? null : `${index} / ${Math.max(total, index)}`}
        closeHref={galleryHref(position, undefined, path)}
        onClose={closeWithFade}
        imageId={image.id}
        imageName={image.name}
        download={download}
      />
    </div>
  );
}

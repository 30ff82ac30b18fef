import type { MouseEvent } from "react";
import { Link } from "react-router";
import type { GalleryDownload } from "./gallery-scope";
import { ViewerDownloadLink } from "./download-links";
import { HeartButton } from "~/components/favourites/heart-button";

interface Props {
  /** Viewing, not editing: Play and Details belong to viewing. */
  viewing: boolean;
  playing: boolean;
  onTogglePlay: () => void;
  /** Whether the caption shows (the "i" toggle's state). */
  details: boolean;
  onToggleDetails: () => void;
  /** The full-screen switch, where the browser has one. */
  fullscreen: { supported: boolean; active: boolean; toggle: () => void };
  infoId: string;
  /** Where the photo stands in the list and how many it holds, while the slideshow plays ("12 / 60"). */
  counter: string | null;
  closeHref: string;
  onClose: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** The photo shown (its heart, for a share link's visitor) and what may be downloaded of it; no download, no link. */
  imageId: number;
  imageName: string;
  download: GalleryDownload | undefined;
}

/**
 * The viewer's corner: the slideshow's counter, Play, the caption's "i" toggle, Full screen, the heart and Download
 * where allowed, and Close.
 */
export function ViewerControls({
  viewing,
  playing,
  onTogglePlay,
  details,
  onToggleDetails,
  fullscreen,
  infoId,
  counter,
  closeHref,
  onClose,
  imageId,
  imageName,
  download,
}: Props) {
  return (
    <div className="viewer-controls">
      {playing && counter ? (
        <p className="viewer-counter viewer-control" aria-live="polite">
          {counter}
        </p>
      ) : null}
      {viewing ? (
        <button type="button" className="viewer-button viewer-control js-only" onClick={onTogglePlay}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              d={playing ? "M8 5v14M16 5v14" : "M8 5.5v13l10.5-6.5z"}
              fill={playing ? "none" : "currentColor"}
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">{playing ? "Pause slideshow" : "Play slideshow"}</span>
        </button>
      ) : null}
      {viewing && !playing ? (
        // Without JavaScript the caption simply stays: the toggle is the script's.
        <button
          type="button"
          className="viewer-button viewer-control js-only"
          aria-expanded={details}
          aria-controls={infoId}
          onClick={onToggleDetails}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.75" />
            <path d="M12 11v6M12 7.5v.01" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <span className="visually-hidden">Details</span>
        </button>
      ) : null}
      {viewing && !playing && fullscreen.supported ? (
        // The slideshow goes full screen by itself; this is the switch for looking at one photo large.
        <button type="button" className="viewer-button viewer-control js-only" onClick={fullscreen.toggle}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path
              d={
                fullscreen.active ? "M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" : "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              }
              fill="none"
              stroke="currentColor"
              strokeWidth="1.75"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="visually-hidden">{fullscreen.active ? "Exit full screen" : "Full screen"}</span>
        </button>
      ) : null}
      {viewing && !playing ? <HeartButton image={{ id: imageId, name: imageName }} inViewer /> : null}
      {viewing && !playing && download ? <ViewerDownloadLink imageId={imageId} download={download} /> : null}
      <Link to={closeHref} className="viewer-button viewer-control" onClick={onClose} preventScrollReset>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">Close</span>
      </Link>
    </div>
  );
}

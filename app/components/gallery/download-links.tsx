import { albumDownloadPath, photoDownloadPath } from "~/lib/paths";
import type { GalleryDownload } from "./gallery-scope";

function DownloadIcon({ size }: { size: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size}>
      <path
        d="M12 4v11m-4.5-4.5L12 15l4.5-4.5M5 19.5h14"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** "Download all" beside Slideshow: a plain link to the album's ZIP, which the browser saves. */
export function DownloadAllLink({ albumSlug }: { albumSlug: string }) {
  return (
    <a href={albumDownloadPath(albumSlug)} download className="gallery-nav__link">
      <DownloadIcon size={18} />
      Download all
    </a>
  );
}

/** The viewer's "Download": the photo at the largest size the request may have. */
export function ViewerDownloadLink({ imageId, download }: { imageId: number; download: GalleryDownload }) {
  return (
    <a
      href={photoDownloadPath(imageId, download.albumSlug, download.size)}
      download
      className="viewer-button viewer-control"
      title="Download"
    >
      <DownloadIcon size={20} />
      <span className="visually-hidden">Download</span>
    </a>
  );
}

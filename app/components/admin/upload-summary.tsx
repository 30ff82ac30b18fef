import { Link } from "react-router";
import { DotSeparated } from "~/components/ui/dot-separated";
import { Button } from "~/components/ui/button";
import { galleryHref } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";
import { GALLERY_PATH } from "~/lib/paths";
import { hiddenNote, type HiddenBy } from "~/lib/album-privacy";
import { PhotoTiles } from "./photo-tiles";

export interface RefusedFile {
  filename: string;
  reason: string;
  /** The photo already in the gallery, for a refused duplicate. */
  duplicateOf?: number;
}

interface Props {
  /** How many photos the batch stored; `added` may show fewer (a deleted one, a cut report). */
  storedCount: number;
  /** How many files the batch sent. */
  total: number;
  added: Image[];
  refused: RefusedFile[];
  /** Files the report could not name (it travels in a cookie of about 4 KB). */
  unlisted?: number;
  /** How many the album's privacy hid from public pages, and the album. */
  hidden?: { count: number; by: HiddenBy } | undefined;
  onDismiss?: () => void;
}

/**
 * One summary for a batch, with or without JavaScript: "2 of 3 uploaded", each
 * stored photo by name with its thumbnail, and apart from them each refused
 * file with its reason. The spec's green "Image uploaded successfully" shows
 * only when every file was stored.
 */
export function UploadSummary({ storedCount, total, added, refused, unlisted = 0, hidden, onDismiss }: Props) {
  const complete = storedCount === total;
  return (
    <div className="upload-summary">
      <div className={`upload-summary__stored${complete ? " upload-summary__stored--complete" : ""}`} role="status">
        {complete ? <p className="upload-summary__spec-message">Image uploaded successfully</p> : null}
        <p className="upload-summary__title">
          <DotSeparated
            parts={[
              `${storedCount} of ${total} uploaded`,
              ...(storedCount > 0
                ? [
                    <Link key="view" to={GALLERY_PATH}>
                      {storedCount === 1 ? "View it" : "View them"}
                    </Link>,
                  ]
                : []),
            ]}
          />
        </p>
        {hidden?.count ? <p>{hiddenNote(hidden.count, hidden.by)}</p> : null}
        {added.length ? <PhotoTiles images={added} label="Uploaded photos" /> : null}
      </div>
      {refused.length ? (
        <div className="upload-summary__refused">
          <p className="upload-summary__refused-title">Error uploading image</p>
          <ul aria-label="Not uploaded">
            {refused.map((file, index) => (
              <li key={index}>
                <strong>{file.filename}</strong>: {file.reason}
                {file.duplicateOf === undefined ? null : (
                  <>
                    {" "}
                    <Link to={galleryHref("", { image: file.duplicateOf })}>See the photo already in the gallery</Link>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {unlisted > 0 ? <p>{`${unlisted} more ${unlisted === 1 ? "file is" : "files are"} not listed.`}</p> : null}
      {onDismiss ? (
        <Button variant="secondary" onClick={onDismiss} aria-label="Dismiss the upload summary">
          Dismiss
        </Button>
      ) : null}
    </div>
  );
}

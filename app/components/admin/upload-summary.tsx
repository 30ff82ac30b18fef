import { Link } from "react-router";
import { DotSeparated } from "~/components/ui/dot-separated";
import { ResponsiveImage } from "~/components/responsive-image";
import { Button } from "~/components/ui/button";
import { galleryHref } from "~/lib/gallery-url";
import type { Image } from "~/lib/image";
import { GALLERY_PATH } from "~/lib/paths";
import { hiddenNote, type HiddenBy } from "~/lib/album-privacy";

export interface RefusedFile {
  filename: string;
  reason: string;
  /** The photo already in the gallery, for a refused duplicate. */
  duplicateOf?: number;
}

interface Props {
  /** How many photos the batch added; `added` may show fewer (a deleted one, a cut report). */
  addedCount: number;
  added: Image[];
  refused: RefusedFile[];
  /** Files the report could not name (it travels in a cookie of about 4 KB). */
  unlisted?: number;
  /** How many the album's privacy hid from public pages, and the album. */
  hidden?: { count: number; by: HiddenBy } | undefined;
  onDismiss?: () => void;
}

function photos(count: number): string {
  return count === 1 ? "1 photo" : `${count} photos`;
}

/**
 * One summary for a batch, with or without JavaScript: how many photos were
 * added with a link to them in the gallery (newest first, so at its top),
 * their thumbnails in their own shape, and each refused file with its reason.
 */
export function UploadSummary({ addedCount, added, refused, unlisted = 0, hidden, onDismiss }: Props) {
  return (
    <div className="upload-summary" role="status">
      {addedCount > 0 ? <p className="upload-summary__spec-message">Image uploaded successfully</p> : null}
      <p className="upload-summary__title">
        {addedCount > 0 ? (
          <>
            <DotSeparated
              parts={[
                `${photos(addedCount)} added`,
                <Link key="view" to={GALLERY_PATH}>
                  {addedCount === 1 ? "View it" : "View them"}
                </Link>,
              ]}
            />
          </>
        ) : (
          "No photos added"
        )}
      </p>
      {hidden?.count ? <p>{hiddenNote(hidden.count, hidden.by)}</p> : null}
      {added.length ? (
        <ul className="upload-summary__thumbs" aria-label="Added photos">
          {added.map((image) => (
            <li key={image.id}>
              <Link to={galleryHref("", { image: image.id })}>
                <ResponsiveImage image={image} sizes="8rem" className="upload-summary__thumb" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length ? (
        <ul className="upload-summary__refused">
          {refused.map((file, index) => (
            <li key={index}>
              <strong>Refused:</strong> {file.filename}: {file.reason}
              {file.duplicateOf === undefined ? null : (
                <>
                  {" "}
                  <Link to={galleryHref("", { image: file.duplicateOf })}>See the photo already in the gallery</Link>
                </>
              )}
            </li>
          ))}
        </ul>
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

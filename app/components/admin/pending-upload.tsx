import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { DotSeparated } from "~/components/ui/dot-separated";
import { Button } from "~/components/ui/button";
import { formatKilobytes } from "~/lib/format";
import { galleryHref } from "~/lib/gallery-url";

type PendingPhase =
  | { phase: "editing" }
  | { phase: "uploading"; progress: number | null }
  /** duplicateOf: the photo already in the gallery, when the server refused a duplicate. */
  | { phase: "failed"; reason: string; duplicateOf?: number };

export interface PendingUpload {
  id: string;
  file: File;
  name: string;
  description: string;
  status: PendingPhase;
}

/** An object URL for the file, revoked when the item leaves the list or the page goes. */
function usePreviewUrl(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

interface PendingUploadItemProps {
  item: PendingUpload;
  onEdit: (changes: Pick<PendingUpload, "name"> | Pick<PendingUpload, "description">) => void;
  onUpload: () => void;
  onDelete: () => void;
  onDismiss: () => void;
}

export function PendingUploadItem({ item, onEdit, onUpload, onDelete, onDismiss }: PendingUploadItemProps) {
  const id = useId();
  const previewUrl = usePreviewUrl(item.file);
  const { status } = item;
  const uploading = status.phase === "uploading";
  // A file the browser cannot draw shows "No preview", not a broken image.
  const [undrawable, setUndrawable] = useState(false);
  const isImage = item.file.type.startsWith("image/") && !undrawable;

  return (
    <li className="pending-upload">
      <div className="pending-upload__preview">
        {isImage && previewUrl ? (
          <img src={previewUrl} alt={`Preview of ${item.file.name}`} onError={() => setUndrawable(true)} />
        ) : (
          <span className="pending-upload__no-preview">No preview</span>
        )}
      </div>
      <p className="pending-upload__filename" title={item.file.name}>
        {item.file.name}
      </p>

      {status.phase === "failed" ? (
        <div className="upload-message upload-message--error" role="alert">
          <p className="upload-message__title">Error uploading image</p>
          <p>{status.reason}</p>
          {status.duplicateOf === undefined ? null : (
            <p>
              <Link to={galleryHref("", { image: status.duplicateOf })}>See the photo already in the gallery</Link>
            </p>
          )}
          <Button variant="secondary" onClick={onDismiss}>
            Dismiss
          </Button>
        </div>
      ) : (
        <form
          className="pending-upload__form"
          aria-label={`Upload ${item.file.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            onUpload();
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-name`}>Image Name</label>
            <input
              id={`${id}-name`}
              name="name"
              value={item.name}
              disabled={uploading}
              aria-describedby={`${id}-name-hint`}
              onChange={(event) => onEdit({ name: event.target.value })}
            />
            <p id={`${id}-name-hint`} className="field__hint">
              Left as it is, a title saved in the file is used.
            </p>
          </div>
          <div className="field">
            <label htmlFor={`${id}-description`}>Description</label>
            <textarea
              id={`${id}-description`}
              name="description"
              rows={2}
              value={item.description}
              disabled={uploading}
              onChange={(event) => onEdit({ description: event.target.value })}
            />
          </div>
          <p className="pending-upload__facts">
            <DotSeparated
              parts={[`Size: ${formatKilobytes(item.file.size)} KB`, `Type: ${item.file.type || "unknown"}`]}
            />
          </p>
          {uploading && (
            <div className="pending-upload__progress">
              <progress
                max={1}
                value={status.progress ?? undefined}
                aria-label={`Upload progress of ${item.name || item.file.name}`}
              />
              <span aria-hidden="true">{status.progress === null ? "…" : `${Math.round(status.progress * 100)}%`}</span>
            </div>
          )}
          <div className="actions">
            <Button type="submit" disabled={uploading}>
              {uploading ? "Uploading..." : "Upload"}
            </Button>
            <Button variant="danger" disabled={uploading} onClick={onDelete}>
              Delete
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

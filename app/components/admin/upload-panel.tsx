import { Button } from "~/components/ui/button";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useAuth } from "~/components/auth";
import type { AlbumChoice } from "~/components/gallery/gallery-scope";
import { AlbumSelect } from "./album-select";
import { UploadDropzone } from "./dropzone";
import { PendingUploadItem, type PendingUpload } from "./pending-upload";
import { uploadImage } from "./upload-request";

/** "Upload all" sends this many at once: enough to overlap, gentle on the server's image processing. */
const UPLOAD_CONCURRENCY = 2;

interface SuccessNotice {
  id: string;
  name: string;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachWithLimit<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** The dropzone and the "Uploaded Images" list of pending items: JavaScript only, so hidden by CSS without it. */
export function UploadPanel({ albums }: { albums: AlbumChoice[] }) {
  const { token } = useAuth();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<PendingUpload[]>([]);
  const [notices, setNotices] = useState<SuccessNotice[]>([]);
  const [albumId, setAlbumId] = useState("");
  const [albumPosition, setAlbumPosition] = useState("");
  // Uploads read the latest edits and abort in-flight requests without re-creating callbacks.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const inFlight = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const requests = inFlight.current;
    return () => requests.forEach((controller) => controller.abort());
  }, []);

  const update = useCallback((id: string, change: (item: PendingUpload) => PendingUpload) => {
    setItems((current) => current.map((item) => (item.id === id ? change(item) : item)));
  }, []);

  const remove = useCallback((ids: string[]) => {
    for (const id of ids) inFlight.current.get(id)?.abort();
    setItems((current) => current.filter((item) => !ids.includes(item.id)));
  }, []);

  const addFiles = (files: File[]) => {
    setItems((current) => [
      ...current,
      ...files.map((file) => ({
        id: crypto.randomUUID(),
        file,
        name: file.name,
        description: "",
        status: { phase: "editing" as const },
      })),
    ]);
  };

  const upload = useCallback(
    async (id: string) => {
      const item = itemsRef.current.find((candidate) => candidate.id === id);
      if (!item || item.status.phase !== "editing") return;
      const controller = new AbortController();
      inFlight.current.set(id, controller);
      update(id, (current) => ({ ...current, status: { phase: "uploading", progress: 0 } }));
      const outcome = await uploadImage({
        file: item.file,
        name: item.name,
        description: item.description,
        albumId,
        albumPosition,
        token,
        signal: controller.signal,
        onProgress: (progress) => update(id, (current) => ({ ...current, status: { phase: "uploading", progress } })),
      });
      inFlight.current.delete(id);
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        setItems((current) => current.filter((candidate) => candidate.id !== id));
        setNotices((current) => [...current, { id, name: outcome.image.name }]);
        // The gallery stats at the top count the new photo.
        void revalidator.revalidate();
      } else {
        update(id, (current) => ({
          ...current,
          status: { phase: "failed", reason: outcome.reason, duplicateOf: outcome.duplicateOf },
        }));
      }
    },
    [token, update, revalidator, albumId, albumPosition],
  );

  const uploadAll = () => {
    const ready = items.filter((item) => item.status.phase === "editing").map((item) => item.id);
    void eachWithLimit(ready, UPLOAD_CONCURRENCY, upload);
  };

  const readyCount = items.filter((item) => item.status.phase === "editing").length;

  return (
    <>
      <section className="admin-section js-only" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload Images</h2>
        <AlbumSelect
          albums={albums}
          id="upload-album"
          value={albumId}
          onChange={setAlbumId}
          position={albumPosition}
          onPositionChange={setAlbumPosition}
        />
        <UploadDropzone onFiles={addFiles} />
        <div className="upload-notices" role="status">
          {notices.map((notice) => (
            <p key={notice.id} className="upload-message upload-message--success">
              <span>
                <span className="upload-message__title">Image uploaded successfully</span>{" "}
                <span className="upload-message__detail">({notice.name})</span>
              </span>
              <Button
                variant="secondary"
                aria-label={`Dismiss the message about ${notice.name}`}
                onClick={() => setNotices((current) => current.filter((candidate) => candidate.id !== notice.id))}
              >
                Dismiss
              </Button>
            </p>
          ))}
        </div>
      </section>

      <section className="admin-section js-only" aria-labelledby="pending-heading">
        <div className="admin-section__header">
          <h2 id="pending-heading">Uploaded Images</h2>
          <div className="actions">
            <Button disabled={readyCount === 0} onClick={uploadAll}>
              Upload all
            </Button>
            <Button
              variant="secondary"
              disabled={items.length === 0}
              onClick={() => remove(items.map((item) => item.id))}
            >
              Clear Images
            </Button>
          </div>
        </div>
        {items.length === 0 ? (
          <p className="muted">No files chosen yet.</p>
        ) : (
          <ul className="pending-uploads">
            {items.map((item) => (
              <PendingUploadItem
                key={item.id}
                item={item}
                onEdit={(changes) => update(item.id, (current) => ({ ...current, ...changes }))}
                onUpload={() => void upload(item.id)}
                onDelete={() => remove([item.id])}
                onDismiss={() => update(item.id, (current) => ({ ...current, status: { phase: "editing" } }))}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

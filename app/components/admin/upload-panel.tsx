import { Button } from "~/components/ui/button";
import { nameFromFile, type Image } from "~/lib/image";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { useAuth } from "~/components/auth";
import type { AlbumChoice } from "~/components/gallery/gallery-scope";
import { AlbumSelect } from "./album-select";
import { PhotoVisibilityField } from "~/components/gallery/visibility";
import { UploadDropzone } from "./dropzone";
import { PendingUploadItem, type PendingUpload } from "./pending-upload";
import { uploadImage } from "./upload-request";
import { UploadSummary, type RefusedFile } from "./upload-summary";
import { automaticVisibilityLabel, type HiddenBy } from "~/lib/album-privacy";

/** "Upload all" sends this many at once: enough to overlap, gentle on the server's image processing. */
const UPLOAD_CONCURRENCY = 2;

/** What the uploads since the summary was last dismissed (or since files were added to an idle panel) did. */
interface Batch {
  added: Image[];
  refused: RefusedFile[];
  /** How many of them an unlisted or private album hid, as the server decided it (record 067). */
  hidden?: { count: number; by: HiddenBy };
}

/** The batch with one more photo added; the album's privacy hid it when the upload left its visibility automatic. */
function withAdded(batch: Batch | null, image: Image, album: AlbumChoice | undefined, visibility: string): Batch {
  const next = { added: [...(batch?.added ?? []), image], refused: batch?.refused ?? [], hidden: batch?.hidden };
  if (visibility || !album || album.visibility === "public" || image.visibility !== "hidden") return next;
  const by = { name: album.name, visibility: album.visibility };
  return { ...next, hidden: { count: (batch?.hidden?.count ?? 0) + 1, by } };
}

function filesWaiting(count: number): string {
  return count === 1 ? "1 file waiting to upload." : `${count} files waiting to upload.`;
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function eachWithLimit<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * The dropzone, the batch's summary and the "Uploaded Images" list of pending
 * items: JavaScript only, so hidden by CSS without it.
 */
export function UploadPanel({ albums }: { albums: AlbumChoice[] }) {
  const { token } = useAuth();
  const revalidator = useRevalidator();
  const [items, setItems] = useState<PendingUpload[]>([]);
  const [batch, setBatch] = useState<Batch | null>(null);
  const [albumId, setAlbumId] = useState("");
  const [visibility, setVisibility] = useState("");
  const [albumPosition, setAlbumPosition] = useState("");
  const chosenAlbum = albums.find((album) => String(album.id) === albumId);
  // Uploads read the latest edits and abort in-flight requests without re-creating callbacks.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const inFlight = useRef(new Map<string, AbortController>());
  const section = useRef<HTMLElement>(null);

  // What was picked before the page's scripts ran (record 052) is in the selects, not yet in the state.
  useEffect(() => {
    const picked = (name: string) => section.current!.querySelector<HTMLSelectElement>(`[name="${name}"]`)?.value ?? "";
    setAlbumId(picked("albumId"));
    setVisibility(picked("visibility"));
    setAlbumPosition(picked("albumPosition"));
  }, []);

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
    // Files added while nothing uploads start a new batch: the last one's summary goes.
    if (inFlight.current.size === 0) setBatch(null);
    setItems((current) => [
      ...current,
      ...files.map((file) => ({
        id: crypto.randomUUID(),
        file,
        name: nameFromFile(file.name),
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
        // The prefilled file name left as it was is no name: the server takes the file's own title, else that name.
        name: item.name === nameFromFile(item.file.name) ? "" : item.name,
        description: item.description,
        albumId,
        visibility,
        albumPosition,
        token,
        signal: controller.signal,
        onProgress: (progress) => update(id, (current) => ({ ...current, status: { phase: "uploading", progress } })),
      });
      inFlight.current.delete(id);
      if (controller.signal.aborted) return;
      if (outcome.ok) {
        setItems((current) => current.filter((candidate) => candidate.id !== id));
        setBatch((current) => withAdded(current, outcome.image, chosenAlbum, visibility));
        // The gallery stats at the top count the new photo.
        void revalidator.revalidate();
      } else {
        const refused = { filename: item.file.name, reason: outcome.reason, duplicateOf: outcome.duplicateOf };
        setBatch((current) => ({
          ...current,
          added: current?.added ?? [],
          refused: [...(current?.refused ?? []), refused],
        }));
        update(id, (current) => ({
          ...current,
          status: { phase: "failed", reason: outcome.reason, duplicateOf: outcome.duplicateOf },
        }));
      }
    },
    [token, update, revalidator, albumId, visibility, albumPosition, chosenAlbum],
  );

  const uploadAll = () => {
    const ready = items.filter((item) => item.status.phase === "editing").map((item) => item.id);
    void eachWithLimit(ready, UPLOAD_CONCURRENCY, upload);
  };

  const readyCount = items.filter((item) => item.status.phase === "editing").length;

  return (
    <>
      <section ref={section} className="admin-section js-only album-privacy-scope" aria-labelledby="upload-heading">
        <h2 id="upload-heading">Upload Images</h2>
        <AlbumSelect
          albums={albums}
          id="upload-album"
          value={albumId}
          onChange={setAlbumId}
          position={albumPosition}
          onPositionChange={setAlbumPosition}
        />
        <PhotoVisibilityField
          id="upload-visibility"
          automatic={albums.length ? automaticVisibilityLabel(chosenAlbum ?? null) : undefined}
          value={visibility}
          onChange={setVisibility}
        />
        <UploadDropzone onFiles={addFiles} />
        {batch ? (
          <UploadSummary
            storedCount={batch.added.length}
            total={batch.added.length + batch.refused.length}
            added={batch.added}
            refused={batch.refused}
            hidden={batch.hidden}
            onDismiss={() => setBatch(null)}
          />
        ) : null}
      </section>

      <section className="admin-section js-only upload-pending" aria-labelledby="pending-heading">
        <div className="title-row admin-section__header">
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
        {/* The spec names this list "Uploaded Images": the line says its files are still waiting. */}
        <p className="muted">{items.length === 0 ? "No files chosen yet." : filesWaiting(items.length)}</p>
        {items.length === 0 ? null : (
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

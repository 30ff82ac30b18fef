/**
 * The owner's drag and drop on a grid in their own order: mouse, touch and
 * keyboard (dnd-kit). Loaded on demand (React.lazy in gallery.tsx) only when
 * the owner views such a list, so visitors never download it.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo, useRef, type MouseEvent } from "react";
import { Button } from "~/components/ui/button";
import type { Image } from "~/lib/image";
import { GalleryGrid, type GridItemProps } from "./gallery-grid";
import { photoAnnouncements, PHOTO_INSTRUCTIONS } from "./photo-announcements";
import { useSavedMoves, type MoveStatus } from "./use-saved-moves";

function SortableItem({ image, style, children }: GridItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: image.id,
    attributes: { roleDescription: "movable photo" },
  });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? "gallery-item gallery-item--dragging" : "gallery-item gallery-item--sortable"}
      // Only the translation: photos of other heights must not be stretched into each other's places.
      style={{ ...style, transform: CSS.Translate.toString(transform), transition }}
      {...listeners}
    >
      {children}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="gallery-drag-handle"
        {...attributes}
        aria-label={`Move ${image.name}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
    </li>
  );
}

function MoveStatusLine({ status }: { status: MoveStatus }) {
  return (
    <div className="gallery-move-status" role="status">
      {status.state === "saving" ? <p>Saving the new order…</p> : null}
      {status.state === "saved" ? (
        <p>
          {status.message}
          {status.undo ? (
            <Button variant="secondary" onClick={status.undo}>
              Undo
            </Button>
          ) : null}
        </p>
      ) : null}
      {status.state === "failed" ? <p className="gallery-error">{status.message}</p> : null}
    </div>
  );
}

interface Props {
  images: Image[];
  position: string;
  /** Where a move is posted (`POST /api/album/{id}/order`). */
  moveUrl: string;
  /** Puts a photo at a new index of the loaded list. */
  reorder: (id: number, toIndex: number) => void;
}

export default function SortableGalleryGrid({ images, position, moveUrl, reorder }: Props) {
  const { status, move } = useSavedMoves(moveUrl, images, reorder);
  const sensors = useSensors(
    // A click still opens the photo: a drag starts only after the pointer travelled a little.
    useSensor(MouseSensor, { activationConstraint: { distance: 8 } }),
    // A finger held still picks the photo up; a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => images.map((image) => image.id), [images]);
  const accessibility = useMemo(
    () => ({ announcements: photoAnnouncements(images), screenReaderInstructions: PHOTO_INSTRUCTIONS }),
    [images],
  );

  // The click that ends a mouse drag lands on a thumbnail link: it must not open the photo.
  const dragged = useRef(false);
  function swallowDropClick(event: MouseEvent) {
    if (!dragged.current) return;
    dragged.current = false;
    event.preventDefault();
    event.stopPropagation();
  }

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    move(Number(active.id), ids.indexOf(Number(over.id)));
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragStart={() => (dragged.current = true)}
      onDragEnd={dropped}
      accessibility={accessibility}
    >
      {/* A keyboard drag ends without a click: the next press of a pointer starts afresh. */}
      <div onPointerDownCapture={() => (dragged.current = false)} onClickCapture={swallowDropClick}>
        <SortableContext items={ids} strategy={rectSortingStrategy} disabled={status.state === "saving"}>
          <GalleryGrid images={images} position={position} Item={SortableItem} />
        </SortableContext>
      </div>
      <MoveStatusLine status={status} />
    </DndContext>
  );
}

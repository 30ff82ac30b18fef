/**
 * The owner's drag and drop on a grid in their own order: mouse, touch and
 * keyboard (dnd-kit). Loaded on demand (React.lazy in gallery.tsx) only when
 * the owner views such a list, so visitors never download it. An album in
 * manual order moves every photo; the gallery's "featured first" order only its pins.
 */
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { createContext, useContext, useMemo, useRef, type MouseEvent } from "react";
import { DragHandle } from "~/components/drag/drag-handle";
import { dragAnnouncements, dragInstructions } from "~/components/drag/drag-announcements";
import { MoveStatusLine } from "~/components/drag/move-status-line";
import { useDragSensors } from "~/components/drag/use-drag-sensors";
import { answerOf, useSavedMoves, type SaveMove } from "~/components/drag/use-saved-moves";
import type { Image } from "~/lib/image";
import { GalleryGrid, type GridItemProps } from "./gallery-grid";

const PHOTO_INSTRUCTIONS = dragInstructions("photo");
const PIN_INSTRUCTIONS = dragInstructions("pinned photo");

/**
 * A photo's place as `POST /api/album/{id}/order` and `POST /api/gallery/pins` take it: beside one of its new
 * neighbours (for a pin, a pin too: a drop lands only on a movable photo).
 */
function moveSaver(moveUrl: string): SaveMove<Image> {
  return async (image, to, order) => {
    const earlier = order[to - 1];
    const target = earlier ? { after: earlier.id } : { before: order[to + 1]!.id };
    const response = await fetch(moveUrl, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ imageId: image.id, ...target }),
    });
    return (await answerOf<{ position: number }>(response)).position;
  };
}

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
      <DragHandle
        ref={setActivatorNodeRef}
        className="gallery-drag-handle"
        {...attributes}
        label={`Move ${image.name}`}
      />
    </li>
  );
}

/** The photos that move; the others stay plain cells, which nothing is dropped on. */
const MovableIds = createContext<ReadonlySet<number> | null>(null);

function MovableOrPlainItem(props: GridItemProps) {
  const movable = useContext(MovableIds);
  if (!movable || movable.has(props.image.id)) return <SortableItem {...props} />;
  return (
    <li className="gallery-item" style={props.style}>
      {props.children}
    </li>
  );
}

interface Props {
  images: Image[];
  position: string;
  /** Where a move is posted (`POST /api/album/{id}/order`). */
  moveUrl: string;
  /** Only these photos move (the gallery's pins); every photo when left out (an album in manual order). */
  movableIds?: number[];
  /** Puts a photo at a new index of the loaded list. */
  reorder: (id: number, toIndex: number) => void;
}

export default function SortableGalleryGrid({ images, position, moveUrl, movableIds, reorder }: Props) {
  const saveMove = useMemo(() => moveSaver(moveUrl), [moveUrl]);
  const { status, move } = useSavedMoves(saveMove, images, reorder);
  const sensors = useDragSensors();
  const movable = useMemo(() => (movableIds ? new Set(movableIds) : null), [movableIds]);
  const ids = useMemo(() => images.map((image) => image.id), [images]);
  const sortableIds = useMemo(() => (movable ? ids.filter((id) => movable.has(id)) : ids), [ids, movable]);
  // Places are counted among what moves: "place 2 of 3" of the pins.
  const accessibility = useMemo(
    () => ({
      announcements: dragAnnouncements(
        movable ? "pinned photo" : "photo",
        movable ? images.filter((image) => movable.has(image.id)) : images,
      ),
      screenReaderInstructions: movable ? PIN_INSTRUCTIONS : PHOTO_INSTRUCTIONS,
    }),
    [images, movable],
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
        <SortableContext items={sortableIds} strategy={rectSortingStrategy} disabled={status.state === "saving"}>
          <MovableIds.Provider value={movable}>
            <GalleryGrid images={images} position={position} Item={MovableOrPlainItem} owner />
          </MovableIds.Provider>
        </SortableContext>
      </div>
      <MoveStatusLine status={status} />
    </DndContext>
  );
}

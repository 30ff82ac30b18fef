import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { href, useSearchParams } from "react-router";
import { useHydrated } from "~/components/use-hydrated";
import { SELECT_PARAM } from "~/lib/batch";
import type { ImagePage } from "~/lib/image";
import { galleryHref, listAfter, listStart, viewerImageId, viewerMode } from "~/lib/gallery-url";
import { GALLERY_PATH } from "~/lib/paths";
import { GalleryGrid } from "./gallery-grid";
import { GalleryScopeContext, listScopeQuery, pinsAsShown, useGalleryScope, type GalleryScope } from "./gallery-scope";
import { LoadMore } from "./load-more";
import { SelectableItem } from "./selectable-item";
import type { ServerViewer } from "./types";
import { useGalleryList } from "./use-gallery-list";
import { useViewerNavigation } from "./use-viewer-navigation";
import { Viewer, type ViewerPhoto } from "./viewer";
import "~/styles/gallery.css";

interface Props {
  /** The server-rendered page of photos the list starts with. */
  first: ImagePage;
  /** Its list position (`cursor`/`page` search string); the route remounts the gallery when it changes. */
  position: string;
  /** How many photos the whole list holds (the slideshow's counter). */
  total: number;
  admin: boolean;
  /** The camera line under each photo (SHOW_EXIF). */
  showExif: boolean;
  /** The photo the server resolved for `?image=`, with its neighbours: covers deep links to photos outside the list. */
  serverViewer: ServerViewer;
  /** The owner's select mode: a checkbox on each photo, for the select bar's form. */
  selecting?: boolean;
  /** The page's heading and the admin notice, made inert with the grid while the viewer is open. */
  children: ReactNode;
  titleId: string;
  /** An album's page; the whole gallery when left out. */
  scope?: GalleryScope;
  /** What the list shows when it has no photos at all. */
  empty: ReactNode;
}

const WHOLE_GALLERY: GalleryScope = { path: GALLERY_PATH };

// The owner's drag and drop, with dnd-kit: its own chunk, fetched only when an owner's list in manual order renders.
const SortableGalleryGrid = lazy(() => import("./sortable-gallery-grid"));

/** The gallery's list and viewer, for the whole gallery or one album (`scope`), which every part below reads. */
export function Gallery({ scope = WHOLE_GALLERY, ...props }: Props) {
  return (
    <GalleryScopeContext.Provider value={scope}>
      <GalleryBody {...props} />
    </GalleryScopeContext.Provider>
  );
}

/** The no-JS "Load more" link; in select mode it stays in select mode (ticks are per page: each page is one form). */
function nextPageHref(after: string, path: string, selecting: boolean): string {
  const params = new URLSearchParams(after);
  if (selecting) params.set(SELECT_PARAM, "1");
  return galleryHref(params.toString(), undefined, path);
}

/** How many photos come before the list's first: known at its start and on a numbered page, not after a cursor. */
function listOffset(first: ImagePage, position: string): number | null {
  if (position === listStart(position)) return 0;
  return new URLSearchParams(position).has("page") ? (first.page - 1) * first.pageSize : null;
}

function GalleryBody({
  first,
  position,
  total,
  admin,
  showExif,
  serverViewer,
  selecting = false,
  children,
  titleId,
  empty,
}: Omit<Props, "scope">) {
  const scope = useGalleryScope();
  const list = useGalleryList(first, position, listScopeQuery(scope));
  // In "featured first" the list shows the pins in their order, dragged ones included: the viewer's pin line reads it.
  const shownScope = useMemo(
    () =>
      scope.pinsFirst && scope.pinnedIds ? { ...scope, pinnedIds: pinsAsShown(scope.pinnedIds, list.order) } : scope,
    [scope, list.order],
  );
  const [searchParams] = useSearchParams();
  const { indexById } = list;
  const isLoaded = useCallback((id: number) => indexById.has(id), [indexById]);
  const { show } = useViewerNavigation(position, isLoaded);
  const viewerId = viewerImageId(searchParams);
  const mode = admin ? viewerMode(searchParams) : "view";

  const photo = useMemo((): ViewerPhoto | null => {
    if (viewerId === null || list.changed[viewerId] === null) return null;
    const fromServer = serverViewer?.image.id === viewerId ? serverViewer : null;
    const index = list.indexById.get(viewerId);
    if (index === undefined) {
      return (
        fromServer && {
          ...fromServer,
          image: list.changed[viewerId] ?? fromServer.image,
          neighbours: [],
          nextPageHref: null,
          index: null,
        }
      );
    }
    const earlier = list.order[index - 1];
    const later = list.order[index + 1];
    const offset = listOffset(first, position);
    return {
      index: offset === null ? null : offset + index + 1,
      image: list.order[index]!,
      neighbours: [earlier, later].filter((neighbour) => neighbour !== undefined),
      previous: index > 0 ? list.order[index - 1]!.id : (fromServer?.previous ?? null),
      next: later ? later.id : list.hasMore ? "load" : (fromServer?.next ?? null),
      // Next's link past the last photo loaded: the first of the next page where the server named it, else that page.
      nextPageHref:
        !later && list.nextCursor
          ? galleryHref(
              listAfter(position, list.nextCursor),
              typeof fromServer?.next === "number" ? { image: fromServer.next } : undefined,
              scope.path,
            )
          : null,
    };
  }, [
    viewerId,
    serverViewer,
    list.changed,
    list.indexById,
    list.order,
    list.hasMore,
    list.nextCursor,
    first,
    position,
    scope.path,
  ]);

  // "Next" on the last loaded photo loads the next page first, then moves on.
  const [nextAfter, setNextAfter] = useState<number | null>(null);
  const { loadMore } = list;
  const loadNext = useCallback(() => {
    if (viewerId === null) return;
    setNextAfter(viewerId);
    void loadMore();
  }, [loadMore, viewerId]);
  useEffect(() => {
    if (nextAfter === null || list.status === "loading") return;
    const index = list.indexById.get(nextAfter);
    const later = index === undefined ? undefined : list.order[index + 1];
    setNextAfter(null);
    if (later) void show(later.id);
  }, [nextAfter, list.status, list.indexById, list.order, show]);

  // Focus returns to the photo's thumbnail when the viewer closes (after a delete, to a neighbour's).
  const shownId = photo ? photo.image.id : null;
  const lastShown = useRef<number | null>(null);
  const focusAfterDelete = useRef<number | null>(null);
  useEffect(() => {
    const closed = lastShown.current;
    lastShown.current = shownId;
    if (shownId !== null || closed === null) return;
    const target = focusAfterDelete.current ?? closed;
    focusAfterDelete.current = null;
    const thumbnail = document.querySelector<HTMLElement>(`[data-image-id="${target}"]`);
    if (!thumbnail) return document.getElementById(titleId)?.focus();
    // Scrolled into view a frame later, after the router has put back the gallery's scroll position, and only as far
    // as needed: a photo already on screen stays where it is.
    thumbnail.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => thumbnail.scrollIntoView({ block: "nearest" }));
    return () => cancelAnimationFrame(frame);
  }, [shownId, titleId]);

  const { imageUpdated, imageRemoved } = list;
  const deleted = useCallback(
    (id: number) => {
      if (photo?.image.id === id)
        focusAfterDelete.current = typeof photo.next === "number" ? photo.next : photo.previous;
      imageRemoved(id);
    },
    [imageRemoved, photo],
  );

  const isEmpty = list.order.length === 0 && !list.hasMore;
  const hydrated = useHydrated();
  const grid = (
    <GalleryGrid
      images={list.order}
      position={position}
      Item={selecting ? SelectableItem : undefined}
      behindViewer={photo !== null}
      owner={admin}
    />
  );
  // Dragging is behaviour: the server and the no-JS page draw the plain grid (the viewer has the move forms).
  const dragging = admin && hydrated && !selecting;
  const moveUrl = !dragging
    ? null
    : scope.manualOrder && scope.albumId !== undefined
      ? href("/api/album/:id/order", { id: String(scope.albumId) })
      : scope.pinsFirst && scope.pinnedIds?.length
        ? href("/api/gallery/pins")
        : null;
  return (
    <GalleryScopeContext.Provider value={shownScope}>
      <main className="page gallery-page" inert={photo !== null}>
        {children}
        {isEmpty && position === listStart(position) ? (
          empty
        ) : (
          <>
            <div className="gallery-frame">
              {moveUrl ? (
                <Suspense fallback={grid}>
                  <SortableGalleryGrid
                    images={list.order}
                    position={position}
                    moveUrl={moveUrl}
                    // In the gallery only the pinned photos move: the rest follow by upload date.
                    movableIds={scope.albumId === undefined ? scope.pinnedIds : undefined}
                    reorder={list.imageMoved}
                  />
                </Suspense>
              ) : (
                grid
              )}
            </div>
            <LoadMore
              hasMore={list.hasMore}
              status={list.status}
              nextHref={
                list.nextCursor ? nextPageHref(listAfter(position, list.nextCursor), scope.path, selecting) : null
              }
              loadMore={loadMore}
            />
          </>
        )}
      </main>
      {photo ? (
        <Viewer
          photo={photo}
          mode={mode}
          position={position}
          total={total}
          admin={admin}
          showExif={showExif}
          isLoaded={isLoaded}
          onLoadNext={loadNext}
          onUpdated={imageUpdated}
          onDeleted={deleted}
        />
      ) : null}
    </GalleryScopeContext.Provider>
  );
}

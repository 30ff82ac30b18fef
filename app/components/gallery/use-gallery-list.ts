import { useCallback, useMemo, useReducer, useRef } from "react";
import { href } from "react-router";
import type { Image, ImagePage } from "~/lib/image";
import { listAfter } from "~/lib/gallery-url";

export type LoadStatus = "idle" | "loading" | "failed";

interface State {
  /** The photos in list order: the first page, then each page fetched after it. */
  order: Image[];
  nextCursor: string | null;
  hasMore: boolean;
  status: LoadStatus;
  /** Photos saved or deleted here, for the viewer's deep-linked photo when it is not in the list (null: deleted). */
  changed: Record<number, Image | null>;
}

type Action =
  | { type: "loading" }
  | { type: "loaded"; page: ImagePage }
  | { type: "failed" }
  | { type: "updated"; image: Image }
  | { type: "removed"; id: number }
  | { type: "moved"; id: number; toIndex: number };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loading":
      return { ...state, status: "loading" };
    case "failed":
      return { ...state, status: "failed" };
    case "loaded": {
      const present = new Set(state.order.map((image) => image.id));
      const fresh = action.page.images.filter((image) => !present.has(image.id));
      return {
        ...state,
        order: fresh.length ? [...state.order, ...fresh] : state.order,
        // An empty page also ends the list, whatever hasMore said.
        hasMore: action.page.hasMore && action.page.images.length > 0,
        nextCursor: action.page.nextCursor,
        status: "idle",
      };
    }
    case "updated":
      return {
        ...state,
        order: state.order.map((image) => (image.id === action.image.id ? action.image : image)),
        changed: { ...state.changed, [action.image.id]: action.image },
      };
    case "removed":
      return {
        ...state,
        order: state.order.filter((image) => image.id !== action.id),
        changed: { ...state.changed, [action.id]: null },
      };
    case "moved": {
      const moving = state.order.find((image) => image.id === action.id);
      if (!moving) return state;
      const order = state.order.filter((image) => image.id !== action.id);
      order.splice(action.toIndex, 0, moving);
      return { ...state, order };
    }
  }
}

function initialState(first: ImagePage): State {
  return {
    order: first.images,
    nextCursor: first.nextCursor,
    hasMore: first.hasMore && first.images.length > 0,
    status: "idle",
    changed: {},
  };
}

/**
 * The gallery's photos: the server-rendered first page plus the pages the
 * infinite scroll fetched from `GET /api/image?cursor=` (in the position's order), edited in place
 * after a save, a delete or the owner's drag and drop.
 */
export function useGalleryList(first: ImagePage, position: string, scopeQuery: string) {
  const [state, dispatch] = useReducer(reducer, first, initialState);
  const loading = useRef(false);

  const { order } = state;
  const indexById = useMemo(() => new Map(order.map((image, index) => [image.id, index])), [order]);

  const { nextCursor, hasMore } = state;
  const loadMore = useCallback(async () => {
    if (loading.current || !hasMore || !nextCursor) return;
    loading.current = true;
    dispatch({ type: "loading" });
    try {
      const response = await fetch(`${href("/api/image")}?${listAfter(position, nextCursor)}${scopeQuery}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
      dispatch({ type: "loaded", page: (await response.json()) as ImagePage });
    } catch (error) {
      console.error(error);
      dispatch({ type: "failed" });
    } finally {
      loading.current = false;
    }
  }, [hasMore, nextCursor, position, scopeQuery]);

  const imageUpdated = useCallback((image: Image) => dispatch({ type: "updated", image }), []);
  const imageRemoved = useCallback((id: number) => dispatch({ type: "removed", id }), []);
  const imageMoved = useCallback((id: number, toIndex: number) => dispatch({ type: "moved", id, toIndex }), []);

  return { ...state, indexById, loadMore, imageUpdated, imageRemoved, imageMoved };
}

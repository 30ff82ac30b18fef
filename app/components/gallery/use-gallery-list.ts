import { useCallback, useMemo, useReducer, useRef } from "react";
import { href } from "react-router";
import type { Image, ImagePage } from "~/lib/image";

/** One fetched page. Its `images` array keeps its identity until one of its photos changes, so its memoised rendering is skipped. */
interface Chunk {
  key: string;
  images: Image[];
}

export type LoadStatus = "idle" | "loading" | "failed";

interface State {
  chunks: Chunk[];
  nextCursor: string | null;
  hasMore: boolean;
  status: LoadStatus;
  /** Photos saved or deleted here, for the viewer's deep-linked photo when it is not in the list (null: deleted). */
  changed: Record<number, Image | null>;
}

type Action =
  | { type: "loading" }
  | { type: "loaded"; key: string; page: ImagePage }
  | { type: "failed" }
  | { type: "updated"; image: Image }
  | { type: "removed"; id: number };

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loading":
      return { ...state, status: "loading" };
    case "failed":
      return { ...state, status: "failed" };
    case "loaded": {
      const present = new Set(state.chunks.flatMap((chunk) => chunk.images.map((image) => image.id)));
      const fresh = action.page.images.filter((image) => !present.has(image.id));
      return {
        ...state,
        chunks: fresh.length ? [...state.chunks, { key: action.key, images: fresh }] : state.chunks,
        // An empty page also ends the list, whatever hasMore said.
        hasMore: action.page.hasMore && action.page.images.length > 0,
        nextCursor: action.page.nextCursor,
        status: "idle",
      };
    }
    case "updated":
      return {
        ...state,
        chunks: state.chunks.map((chunk) =>
          chunk.images.some((image) => image.id === action.image.id)
            ? { ...chunk, images: chunk.images.map((image) => (image.id === action.image.id ? action.image : image)) }
            : chunk,
        ),
        changed: { ...state.changed, [action.image.id]: action.image },
      };
    case "removed":
      return {
        ...state,
        chunks: state.chunks.map((chunk) =>
          chunk.images.some((image) => image.id === action.id)
            ? { ...chunk, images: chunk.images.filter((image) => image.id !== action.id) }
            : chunk,
        ),
        changed: { ...state.changed, [action.id]: null },
      };
  }
}

function initialState(first: ImagePage): State {
  return {
    chunks: [{ key: "first", images: first.images }],
    nextCursor: first.nextCursor,
    hasMore: first.hasMore && first.images.length > 0,
    status: "idle",
    changed: {},
  };
}

/**
 * The gallery's photos: the server-rendered first page plus the pages the
 * infinite scroll fetched from `GET /api/image?cursor=`, edited in place
 * after a save or delete.
 */
export function useGalleryList(first: ImagePage) {
  const [state, dispatch] = useReducer(reducer, first, initialState);
  const loading = useRef(false);

  const order = useMemo(() => state.chunks.flatMap((chunk) => chunk.images), [state.chunks]);
  const indexById = useMemo(() => new Map(order.map((image, index) => [image.id, index])), [order]);

  const { nextCursor, hasMore } = state;
  const loadMore = useCallback(async () => {
    if (loading.current || !hasMore || !nextCursor) return;
    loading.current = true;
    dispatch({ type: "loading" });
    try {
      const response = await fetch(`${href("/api/image")}?cursor=${encodeURIComponent(nextCursor)}`, {
        headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`GET ${response.url} answered ${response.status}`);
      dispatch({ type: "loaded", key: nextCursor, page: (await response.json()) as ImagePage });
    } catch (error) {
      console.error(error);
      dispatch({ type: "failed" });
    } finally {
      loading.current = false;
    }
  }, [hasMore, nextCursor]);

  const imageUpdated = useCallback((image: Image) => dispatch({ type: "updated", image }), []);
  const imageRemoved = useCallback((id: number) => dispatch({ type: "removed", id }), []);

  return { ...state, order, indexById, loadMore, imageUpdated, imageRemoved };
}

import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { galleryHref, type ViewerHistoryState, type ViewerMode } from "~/lib/gallery-url";
import { useGalleryScope } from "./gallery-scope";

const IN_PLACE: ViewerHistoryState = { inPlace: true };

/**
 * Moves the viewer within the page's history: photo to photo and mode to mode
 * replace the entry; leaving steps back when the viewer was opened in place
 * (the gallery entry is right behind it, scroll position and all). A photo the
 * list holds opens without asking the server; `isLoaded` tells which.
 */
export function useViewerNavigation(position: string, isLoaded: (id: number) => boolean) {
  const { path } = useGalleryScope();
  const navigate = useNavigate();
  const location = useLocation();
  const inPlace = (location.state as Partial<ViewerHistoryState> | null)?.inPlace === true;
  const state = inPlace ? IN_PLACE : undefined;

  const show = useCallback(
    (image: number, mode: ViewerMode = "view") =>
      navigate(galleryHref(position, { image, mode }, path), {
        replace: true,
        preventScrollReset: true,
        state,
        defaultShouldRevalidate: !isLoaded(image),
      }),
    [navigate, position, path, state, isLoaded],
  );

  const leave = useCallback(() => {
    if (inPlace) return navigate(-1);
    return navigate(galleryHref(position, undefined, path), { replace: true, preventScrollReset: true });
  }, [inPlace, navigate, position, path]);

  return { show, leave, state };
}

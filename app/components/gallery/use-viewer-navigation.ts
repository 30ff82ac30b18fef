import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { galleryHref, type ViewerHistoryState, type ViewerMode } from "./gallery-url";

const IN_PLACE: ViewerHistoryState = { inPlace: true };

/**
 * Moves the viewer within the page's history: photo to photo and mode to mode
 * replace the entry; leaving steps back when the viewer was opened in place
 * (the gallery entry is right behind it, scroll position and all).
 */
export function useViewerNavigation(position: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const inPlace = (location.state as Partial<ViewerHistoryState> | null)?.inPlace === true;
  const state = inPlace ? IN_PLACE : undefined;

  const show = useCallback(
    (image: number, mode: ViewerMode = "view") =>
      navigate(galleryHref(position, { image, mode }), { replace: true, preventScrollReset: true, state }),
    [navigate, position, state],
  );

  const leave = useCallback(() => {
    if (inPlace) return navigate(-1);
    return navigate(galleryHref(position), { replace: true, preventScrollReset: true });
  }, [inPlace, navigate, position]);

  return { show, leave, state };
}

import { useEffect, useRef } from "react";
import { Button, LinkButton } from "~/components/ui/button";
import type { LoadStatus } from "./use-gallery-list";

/** Start fetching a screen ahead, so scrolling rarely reaches the end of what is loaded. */
const PREFETCH_MARGIN = "0px 0px 1000px 0px";

interface Props {
  hasMore: boolean;
  status: LoadStatus;
  /** The no-JavaScript "Load more" link: the next page's URL, or null at the end. */
  nextHref: string | null;
  loadMore: () => void;
}

/**
 * The end of the list. With JavaScript it is a sentinel that loads the next
 * page when it nears the viewport; without it a plain link asks the server for
 * the next page (hidden by CSS where JavaScript runs).
 */
export function LoadMore({ hasMore, status, nextHref, loadMore }: Props) {
  const sentinel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || status !== "idle") return;
    // A new observer reports at once, so a page too short to scroll keeps loading.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadMore();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, status, loadMore]);

  return (
    <div className="gallery-end" ref={sentinel}>
      {nextHref ? (
        <LinkButton to={nextHref} variant="secondary" className="no-js-only">
          Load more
        </LinkButton>
      ) : null}
      <p role="status">{status === "loading" ? "Loading more images..." : !hasMore ? "No more images to load." : ""}</p>
      {status === "failed" ? (
        <p className="gallery-error" role="alert">
          Could not load more images.{" "}
          <Button variant="secondary" onClick={loadMore}>
            Try again
          </Button>
        </p>
      ) : null}
    </div>
  );
}

import { useEffect } from "react";
import { Form } from "react-router";
import { MAX_SEARCH_LENGTH, SEARCH_PARAM, SEARCH_PATH } from "~/lib/paths";

/** The boxes `/` focuses: the search page's own, else the header's (record 076). */
const SEARCH_BOXES = `input[type="search"][name="${SEARCH_PARAM}"]`;

/**
 * The header's search: a plain GET form to the search page. On a phone only its button shows, which opens the
 * search page with its box focused; the search page draws its own box instead.
 */
export function SiteSearch() {
  return (
    <Form method="get" action={SEARCH_PATH} role="search" className="site-search">
      <label htmlFor="site-search" className="visually-hidden">
        Search photos
      </label>
      <input
        id="site-search"
        className="site-search__input"
        type="search"
        name={SEARCH_PARAM}
        placeholder="Search photos"
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        enterKeyHint="search"
      />
      <button type="submit" className="site-search__button" aria-label="Search">
        {/* Drawn here, not from components/icons: one more shared chunk on every page costs more than the path. */}
        <svg
          className="site-search__icon"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
      </button>
    </Form>
  );
}

/** `/` anywhere but in a field focuses the search box on screen, its text selected (none shows on a phone's header). */
export function useSearchShortcut(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.isContentEditable || target.matches?.("input, textarea, select")) return;
      const box = [...document.querySelectorAll<HTMLInputElement>(SEARCH_BOXES)].find((input) => input.offsetParent);
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

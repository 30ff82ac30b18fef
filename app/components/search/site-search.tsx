import { useEffect } from "react";
import { Form, useNavigate } from "react-router";
import { SearchIcon } from "~/components/icons";
import { MAX_SEARCH_LENGTH, SEARCH_PARAM } from "~/lib/search";
import { SEARCH_PATH } from "~/lib/paths";

/** The search box `/` focuses: the search page's own, else the header's (record 076). */
export const SEARCH_BOX = "data-search-box";

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
        {...{ [SEARCH_BOX]: "" }}
      />
      <button type="submit" className="site-search__button" aria-label="Search">
        <SearchIcon className="site-search__icon" />
      </button>
    </Form>
  );
}

/** Typing inside a field, or in text being edited, is not a shortcut. */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** `/` anywhere but in a field focuses the search box on screen (its text selected), or opens the search page where none shows. */
export function useSearchShortcut(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      event.preventDefault();
      const box = [...document.querySelectorAll<HTMLInputElement>(`[${SEARCH_BOX}]`)].find(
        (input) => input.getClientRects().length > 0,
      );
      if (box) {
        box.focus();
        box.select();
      } else void navigate(SEARCH_PATH);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
}

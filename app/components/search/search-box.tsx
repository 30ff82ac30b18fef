import { useEffect, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { MAX_SEARCH_LENGTH, SEARCH_PARAM, SEARCH_PATH } from "~/lib/paths";
import { searchHref, searchWords } from "~/lib/search";

/** How long typing pauses before the results follow it. */
const TYPING_PAUSE_MS = 250;

/**
 * The search page's box: a plain GET form (Search sends it without JavaScript). With JavaScript the results follow
 * as one types, the address kept in step by replacing its history entry, so Back leaves the search page.
 */
export function SearchBox({ text }: { text: string }) {
  const input = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const sent = useRef(text);

  // Back and Forward bring another search: the box shows it unless the visitor is typing there.
  useEffect(() => {
    sent.current = text;
    const box = input.current;
    if (box && document.activeElement !== box) box.value = text;
  }, [text]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const typed = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // Words that change nothing ("harbour " after "harbour") ask for nothing.
      if (searchWords(value).join(" ") === searchWords(sent.current).join(" ")) return;
      sent.current = value;
      void navigate(searchHref(value.trim()), { replace: true, preventScrollReset: true });
    }, TYPING_PAUSE_MS);
  };

  return (
    <Form
      method="get"
      action={SEARCH_PATH}
      role="search"
      className="search-box"
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="search-box" className="search-box__label">
        Search photos
      </label>
      <div className="search-box__row">
        <input
          ref={input}
          id="search-box"
          className="search-box__input"
          type="search"
          name={SEARCH_PARAM}
          defaultValue={text}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          enterKeyHint="search"
          // An empty search page is there to type into: the header's button on a phone leads here.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus={text === ""}
          onChange={(event) => typed(event.currentTarget.value)}
        />
        <Button type="submit">Search</Button>
      </div>
    </Form>
  );
}

import { useEffect, useRef, type FormEvent } from "react";
import { HOME_PATH } from "~/lib/paths";

const JOKE_LINES = [
  "Nothing happened. You just clicked a button",
  "Your curiosity is admirable",
  "Come back tomorrow, Maybe it will do something",
] as const;

interface Props {
  pressed: boolean;
  onPress: () => void;
}

/**
 * Without JavaScript the button submits `?joke=pressed` and the server renders the
 * pressed state; with it, the button is replaced in place. Once pressed, there is no way back.
 */
export function JokeButton({ pressed, onPress }: Props) {
  const messages = useRef<HTMLDivElement>(null);
  const pressedHere = useRef(false);

  // The button vanishes under the keyboard focus: hand the focus to what replaced it.
  useEffect(() => {
    if (pressed && pressedHere.current) messages.current?.focus();
  }, [pressed]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    pressedHere.current = true;
    onPress();
  }

  if (pressed) {
    return (
      <div id="joke" className="joke joke--pressed" ref={messages} tabIndex={-1} role="status">
        {JOKE_LINES.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    );
  }
  return (
    <form id="joke" className="joke" method="get" action={`${HOME_PATH}#joke`} onSubmit={onSubmit}>
      <button className="joke__button" type="submit" name="joke" value="pressed">
        Don't press this
      </button>
    </form>
  );
}

import { useEffect, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { convertDigits, MAX_DIGITS, parseNumeral, type KanaScript } from "~/lib/kana";
import { buttonClass } from "~/components/ui/button";
import { Choice } from "~/components/ui/choice";

interface Props {
  /** From the URL, so the server renders the answer of a submitted form. */
  initialNumber: string;
  initialScript: KanaScript;
}

const EXAMPLES = ["123", "800", "8000", "10000000", "1000000000000", "-42"];

/** A GET form the server answers; with JavaScript the answer also follows the typing. */
export function KanaConverter({ initialNumber, initialScript }: Props) {
  const [number, setNumber] = useState(initialNumber);
  const [script, setScript] = useState<KanaScript>(initialScript);
  const form = useRef<HTMLFormElement>(null);
  // What was typed or picked before the page's scripts ran (record 052) is in the form, not yet in the state.
  useEffect(() => {
    const data = new FormData(form.current!);
    setNumber(String(data.get("number") ?? ""));
    const picked = data.get("script");
    if (picked === "hiragana" || picked === "katakana") setScript(picked);
  }, []);
  const parsed = number.trim() === "" ? null : parseNumeral(number);
  const result = parsed?.ok ? convertDigits(parsed, script) : null;
  const error = parsed && !parsed.ok ? parsed.message : null;

  return (
    <>
      <Form ref={form} method="get" className="demo-panel kana-form" preventScrollReset>
        <div className="field">
          <label htmlFor="number">Number</label>
          <input
            id="number"
            name="number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={number}
            onChange={(event) => setNumber(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "number-error" : "number-hint"}
          />
          <p id="number-hint" className="field__hint">
            {`A whole number of up to ${MAX_DIGITS} digits, e.g. 2024.`}
          </p>
        </div>
        <fieldset className="field">
          <legend>Script</legend>
          {(["hiragana", "katakana"] as const).map((value) => (
            <Choice
              key={value}
              type="radio"
              name="script"
              value={value}
              checked={script === value}
              onChange={() => setScript(value)}
            >
              {value === "hiragana" ? "Hiragana" : "Katakana"}
            </Choice>
          ))}
        </fieldset>
        <button type="submit" className={buttonClass()}>
          Convert
        </button>
      </Form>

      <output htmlFor="number" className="demo-panel kana-result" aria-live="polite">
        {error ? (
          <span id="number-error" className="kana-result__error">
            {error}
          </span>
        ) : result ? (
          <>
            <span className="kana-result__label">Reading</span>
            <span className="kana-result__kana" lang="ja" data-testid="kana-reading">
              {result.kana}
            </span>
            <span className="kana-result__label">Kanji</span>
            <span className="kana-result__kanji" lang="ja" data-testid="kanji">
              {result.kanji}
            </span>
          </>
        ) : (
          <span className="kana-result__empty">Enter a number to see how it is read in Japanese.</span>
        )}
      </output>

      <nav aria-label="Examples" className="demo-examples">
        <span>Try:</span>
        {EXAMPLES.map((example) => (
          <Link key={example} to={`?number=${example}&script=${script}`} preventScrollReset>
            {Number(example).toLocaleString("en-US")}
          </Link>
        ))}
      </nav>
    </>
  );
}

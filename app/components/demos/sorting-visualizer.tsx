import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  ALGORITHMS,
  describeStep,
  randomValues,
  sortingHref,
  sortSteps,
  MAX_VALUE,
  type SortingQuery,
} from "~/lib/sorting";
import { ChoiceForm } from "./choice-form";
import { buttonClass } from "~/components/ui/button";

const STEP_MS = 120;

/** The next seed of the "New numbers" link: deterministic, so the server and the browser agree on it. */
const nextSeed = (seed: number) => ((seed * 7919) % 999_983) + 1;

/**
 * Every step has its own URL, so the page steps through the sort without JavaScript;
 * with JavaScript, Play (`js-only`) animates the steps in place and leaves the URL at the step it paused on.
 */
export function SortingVisualizer({ query }: { query: SortingQuery }) {
  const navigate = useNavigate();
  const steps = useMemo(() => sortSteps(query.algorithm, randomValues(query.seed)), [query.algorithm, query.seed]);
  const last = steps.length - 1;
  const urlStep = Math.min(query.step, last);
  const [playingStep, setPlayingStep] = useState<number | null>(null);
  const shown = playingStep ?? urlStep;
  const step = steps[shown]!;
  const href = (stepIndex: number) => sortingHref({ ...query, step: stepIndex });

  useEffect(() => {
    if (playingStep === null) return;
    if (playingStep >= last) {
      setPlayingStep(null);
      void navigate(href(last), { replace: true, preventScrollReset: true });
      return;
    }
    const timer = setTimeout(() => setPlayingStep(playingStep + 1), STEP_MS);
    return () => clearTimeout(timer);
    // `href` and `navigate` only matter at the end of a run; the step drives the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playingStep, last]);

  function togglePlaying() {
    if (playingStep === null) setPlayingStep(shown >= last ? 0 : shown);
    else {
      setPlayingStep(null);
      void navigate(href(playingStep), { replace: true, preventScrollReset: true });
    }
  }

  const stateOf = (index: number) =>
    step.indices.includes(index) ? step.kind : step.sorted.includes(index) ? "sorted" : "unsorted";

  return (
    <>
      <ChoiceForm
        name="algorithm"
        label="Algorithm"
        options={ALGORITHMS}
        value={query.algorithm}
        seed={query.seed}
        submitLabel="Show"
      >
        <Link
          className={buttonClass({ variant: "secondary" })}
          to={sortingHref({ ...query, seed: nextSeed(query.seed), step: 0 })}
          preventScrollReset
        >
          New numbers
        </Link>
      </ChoiceForm>

      <figure className="demo-panel sorting">
        <ol className="sorting__bars" aria-label={`Numbers at step ${shown}`}>
          {step.values.map((value, index) => (
            <li
              key={index}
              className="sorting__bar"
              data-state={stateOf(index)}
              style={{ height: `${(value / MAX_VALUE) * 100}%` }}
            >
              <span className="sorting__value">{value}</span>
            </li>
          ))}
        </ol>
        <figcaption className="sorting__caption" aria-live={playingStep === null ? "polite" : "off"}>
          <strong>
            Step {shown} of {last}:
          </strong>{" "}
          <span data-testid="step-description">{describeStep(step)}</span>
        </figcaption>
        <ul className="legend" aria-label="Colours">
          <li data-state="compare">Compared</li>
          <li data-state="swap">Swapped</li>
          <li data-state="sorted">In place</li>
        </ul>
      </figure>

      <nav className="demo-steps" aria-label="Steps">
        <StepLink to={href(0)} disabled={shown === 0}>
          First step
        </StepLink>
        <StepLink to={href(Math.max(0, shown - 1))} disabled={shown === 0}>
          Previous step
        </StepLink>
        <StepLink to={href(Math.min(last, shown + 1))} disabled={shown === last}>
          Next step
        </StepLink>
        <StepLink to={href(last)} disabled={shown === last}>
          Last step
        </StepLink>
        <button
          type="button"
          className={buttonClass({}, "js-only")}
          onClick={togglePlaying}
          aria-pressed={playingStep !== null}
        >
          {playingStep === null ? "Play" : "Pause"}
        </button>
      </nav>
    </>
  );
}

/** A link that is shown but inert where it would go nowhere. */
function StepLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  if (disabled) {
    return (
      // ARIA's disabled link: announced as a link that is unavailable, and out of the tab order without an href.
      // eslint-disable-next-line jsx-a11y/anchor-is-valid
      <a className={buttonClass({ variant: "secondary" })} aria-disabled="true" role="link">
        {children}
      </a>
    );
  }
  return (
    <Link className={buttonClass({ variant: "secondary" })} to={to} preventScrollReset replace>
      {children}
    </Link>
  );
}

import { Fragment, useEffect, useState, type MouseEvent } from "react";
import { Link } from "react-router";
import { DotSeparated } from "~/components/ui/dot-separated";
import {
  advance,
  emptyGrid,
  HEIGHT,
  lifeHref,
  MAX_GENERATION,
  nextGeneration,
  patternGrid,
  PATTERNS,
  population,
  toggleCell,
  WIDTH,
  type LifeQuery,
} from "~/lib/life";
import { ChoiceForm } from "./choice-form";
import { buttonClass } from "~/components/ui/button";

const TICK_MS = 120;

/**
 * The URL names a pattern and a generation, which the server renders; the links
 * step through generations without JavaScript. With JavaScript the board lives
 * in the page: Play, Clear and clicking cells to draw (`js-only`, hidden by CSS without it).
 */
export function GameOfLife({ query }: { query: LifeQuery }) {
  const [board, setBoard] = useState(() => ({
    grid: advance(patternGrid(query.pattern, query.seed), query.generation),
    generation: query.generation,
  }));
  const [playing, setPlaying] = useState(false);
  const { grid, generation } = board;
  const alive = population(grid);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(
      () => setBoard((current) => ({ grid: nextGeneration(current.grid), generation: current.generation + 1 })),
      TICK_MS,
    );
    return () => clearInterval(timer);
  }, [playing]);

  /** With JavaScript the step links act on the board in the page, keeping cells drawn by hand. */
  function stepInPage(event: MouseEvent, generations: number) {
    event.preventDefault();
    setBoard((current) => ({ grid: advance(current.grid, generations), generation: current.generation + generations }));
  }

  function drawCell(event: MouseEvent<SVGSVGElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * WIDTH);
    const y = Math.floor(((event.clientY - box.top) / box.height) * HEIGHT);
    if (x >= 0 && x < WIDTH && y >= 0 && y < HEIGHT)
      setBoard((current) => ({ ...current, grid: toggleCell(current.grid, x, y) }));
  }

  const nextHref = lifeHref({ ...query, generation: Math.min(MAX_GENERATION, generation + 1) });
  const skipHref = lifeHref({ ...query, generation: Math.min(MAX_GENERATION, generation + 10) });

  return (
    <>
      <ChoiceForm
        name="pattern"
        label="Pattern"
        options={PATTERNS}
        value={query.pattern}
        seed={query.seed}
        submitLabel="Load pattern"
      >
        {query.pattern === "random" ? (
          <Link
            className={buttonClass({ variant: "secondary" })}
            to={lifeHref({ pattern: "random", seed: query.seed + 1, generation: 0 })}
            preventScrollReset
          >
            Another soup
          </Link>
        ) : null}
      </ChoiceForm>

      <figure className="demo-panel life">
        <svg
          className="life__board"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-label={`Generation ${generation}: ${alive} living cells`}
          onClick={drawCell}
        >
          <rect className="life__background" width={WIDTH} height={HEIGHT} />
          {grid.flatMap((row, y) =>
            row.map((isAlive, x) =>
              isAlive ? (
                <rect
                  key={`${x},${y}`}
                  className="life__cell"
                  x={x + 0.08}
                  y={y + 0.08}
                  width={0.84}
                  height={0.84}
                  rx={0.15}
                />
              ) : null,
            ),
          )}
        </svg>
        <figcaption className="life__caption">
          <DotSeparated
            parts={[
              <Fragment key="generation">
                Generation <strong data-testid="generation">{generation}</strong>
              </Fragment>,
              <Fragment key="population">
                <span data-testid="population">{alive}</span> living cells
              </Fragment>,
            ]}
          />
        </figcaption>
      </figure>

      <nav className="demo-steps" aria-label="Generations">
        <Link
          className={buttonClass({ variant: "secondary" })}
          to={nextHref}
          onClick={(event) => stepInPage(event, 1)}
          preventScrollReset
          replace
        >
          Next generation
        </Link>
        <Link
          className={buttonClass({ variant: "secondary" })}
          to={skipHref}
          onClick={(event) => stepInPage(event, 10)}
          preventScrollReset
          replace
        >
          Skip 10 generations
        </Link>
        <Link
          className={buttonClass({ variant: "secondary" })}
          to={lifeHref({ ...query, generation: 0 })}
          preventScrollReset
          replace
          onClick={(event) => {
            event.preventDefault();
            setPlaying(false);
            setBoard({ grid: patternGrid(query.pattern, query.seed), generation: 0 });
          }}
        >
          Reset
        </Link>
        <button
          type="button"
          className={buttonClass({}, "js-only")}
          onClick={() => setPlaying(!playing)}
          aria-pressed={playing}
        >
          {playing ? "Pause" : "Play"}
        </button>
        <button
          type="button"
          className={buttonClass({ variant: "secondary" }, "js-only")}
          onClick={() => {
            setPlaying(false);
            setBoard({ grid: emptyGrid(), generation: 0 });
          }}
        >
          Clear
        </button>
      </nav>
      <p className="demo__hint js-only">Click the board to draw or erase cells.</p>
    </>
  );
}

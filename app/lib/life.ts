/** Conway's game of life on a board whose edges wrap around, for the demo at /life. */

import { positiveIntegerParam } from "./query";

/** Rows of cells, true when alive. */
export type Grid = boolean[][];

export const WIDTH = 40;
export const HEIGHT = 24;
/** The page without JavaScript computes generations on the server; this keeps that cheap. */
export const MAX_GENERATION = 500;

/** Patterns in plaintext format: `O` alive, `.` dead. */
const SHAPES = {
  glider: [".O.", "..O", "OOO"],
  pulsar: [
    "..OOO...OOO..",
    ".............",
    "O....O.O....O",
    "O....O.O....O",
    "O....O.O....O",
    "..OOO...OOO..",
    ".............",
    "..OOO...OOO..",
    "O....O.O....O",
    "O....O.O....O",
    "O....O.O....O",
    ".............",
    "..OOO...OOO..",
  ],
  "glider-gun": [
    "........................O...........",
    "......................O.O...........",
    "............OO......OO............OO",
    "...........O...O....OO............OO",
    "OO........O.....O...OO..............",
    "OO........O...O.OO....O.O...........",
    "..........O.....O.......O...........",
    "...........O...O....................",
    "............OO......................",
  ],
} as const;

export const PATTERNS = {
  glider: "Glider",
  pulsar: "Pulsar",
  "glider-gun": "Gosper glider gun",
  random: "Random soup",
} as const;

type PatternName = keyof typeof PATTERNS;

function isPatternName(value: unknown): value is PatternName {
  return typeof value === "string" && Object.hasOwn(PATTERNS, value);
}

export function emptyGrid(width = WIDTH, height = HEIGHT): Grid {
  return Array.from({ length: height }, () => Array<boolean>(width).fill(false));
}

/** A deterministic pseudo-random soup (a linear congruential generator), so a seed in the URL is reproducible. */
function randomGrid(seed: number, width: number, height: number): Grid {
  let state = seed >>> 0 || 1;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  return Array.from({ length: height }, () => Array.from({ length: width }, () => next() < 0.3));
}

/** The named pattern placed on an empty board: small shapes near the middle, the gun at the top left. */
export function patternGrid(name: PatternName, seed = 1, width = WIDTH, height = HEIGHT): Grid {
  if (name === "random") return randomGrid(seed, width, height);
  const shape = SHAPES[name];
  const grid = emptyGrid(width, height);
  const top = name === "glider-gun" ? 1 : Math.floor((height - shape.length) / 2);
  const left = name === "glider-gun" ? 1 : Math.floor((width - shape[0]!.length) / 2);
  shape.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === "O") grid[top + y]![left + x] = true;
  });
  return grid;
}

export function liveNeighbours(grid: Grid, x: number, y: number): number {
  const height = grid.length;
  const width = grid[0]?.length ?? 0;
  let count = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if ((dx || dy) && grid[(y + dy + height) % height]![(x + dx + width) % width]) count++;
    }
  }
  return count;
}

/** Birth on exactly three neighbours, survival on two or three. */
export function nextGeneration(grid: Grid): Grid {
  return grid.map((row, y) =>
    row.map((alive, x) => {
      const neighbours = liveNeighbours(grid, x, y);
      return neighbours === 3 || (alive && neighbours === 2);
    }),
  );
}

export function advance(grid: Grid, generations: number): Grid {
  let current = grid;
  for (let i = 0; i < generations; i++) current = nextGeneration(current);
  return current;
}

export function toggleCell(grid: Grid, x: number, y: number): Grid {
  return grid.map((row, rowIndex) =>
    rowIndex === y ? row.map((alive, column) => (column === x ? !alive : alive)) : row,
  );
}

export function population(grid: Grid): number {
  return grid.reduce((total, row) => total + row.filter(Boolean).length, 0);
}

export interface LifeQuery {
  pattern: PatternName;
  seed: number;
  generation: number;
}

/** Reads `?pattern=&seed=&generation=` leniently: anything missing or invalid falls back to a glider at generation 0. */
export function parseLifeQuery(params: URLSearchParams): LifeQuery {
  const pattern = params.get("pattern");
  return {
    pattern: isPatternName(pattern) ? pattern : "glider",
    seed: positiveIntegerParam(params, "seed", 1),
    generation: Math.min(positiveIntegerParam(params, "generation", 0), MAX_GENERATION),
  };
}

export function lifeHref({ pattern, seed, generation }: LifeQuery): string {
  return `?${new URLSearchParams({ pattern, seed: String(seed), generation: String(generation) })}`;
}

import { describe, expect, it } from "vitest";
import {
  advance,
  emptyGrid,
  liveNeighbours,
  nextGeneration,
  parseLifeQuery,
  patternGrid,
  population,
  toggleCell,
  type Grid,
} from "~/lib/life";

const fromRows = (rows: string[]): Grid => rows.map((row) => [...row].map((cell) => cell === "O"));
const toRows = (grid: Grid): string[] => grid.map((row) => row.map((alive) => (alive ? "O" : ".")).join(""));
/** The grid moved one cell right and one cell down, wrapping around. */
const shiftedDiagonally = (grid: Grid): Grid =>
  grid.map((_, y) => {
    const source = grid[(y - 1 + grid.length) % grid.length]!;
    return source.map((_, x) => source[(x - 1 + source.length) % source.length]!);
  });

describe("nextGeneration", () => {
  it("turns a blinker", () => {
    const vertical = fromRows([".....", "..O..", "..O..", "..O..", "....."]);
    expect(toRows(nextGeneration(vertical))).toEqual([".....", ".....", ".OOO.", ".....", "....."]);
    expect(advance(vertical, 2)).toEqual(vertical);
  });

  it("keeps a block still", () => {
    const block = fromRows(["....", ".OO.", ".OO.", "...."]);
    expect(nextGeneration(block)).toEqual(block);
  });

  it("wraps around the edges", () => {
    const grid = fromRows(["O...O", ".....", ".....", ".....", "O...."]);
    expect(liveNeighbours(grid, 0, 0)).toBe(2);
    expect(liveNeighbours(grid, 4, 4)).toBe(3);
  });

  it("moves a glider one cell diagonally every four generations", () => {
    const glider = patternGrid("glider", 1, 12, 12);
    const moved = advance(glider, 4);
    expect(population(moved)).toBe(5);
    expect(moved).toEqual(shiftedDiagonally(glider));
  });
});

describe("patterns", () => {
  it("places the named shapes", () => {
    expect(population(patternGrid("glider"))).toBe(5);
    expect(population(patternGrid("pulsar"))).toBe(48);
    expect(population(patternGrid("glider-gun"))).toBe(36);
  });

  it("a pulsar repeats every three generations", () => {
    const pulsar = patternGrid("pulsar");
    expect(advance(pulsar, 3)).toEqual(pulsar);
    expect(advance(pulsar, 1)).not.toEqual(pulsar);
  });

  it("a random soup is the same for the same seed", () => {
    expect(patternGrid("random", 9)).toEqual(patternGrid("random", 9));
    expect(patternGrid("random", 9)).not.toEqual(patternGrid("random", 10));
  });
});

describe("toggleCell", () => {
  it("flips one cell and leaves the grid it was given alone", () => {
    const grid = emptyGrid(3, 3);
    const toggled = toggleCell(grid, 2, 1);
    expect(toRows(toggled)).toEqual(["...", "..O", "..."]);
    expect(population(grid)).toBe(0);
  });
});

describe("parseLifeQuery", () => {
  it("reads valid values, caps the generation and falls back on invalid ones", () => {
    expect(parseLifeQuery(new URLSearchParams("pattern=pulsar&seed=3&generation=7"))).toEqual({
      pattern: "pulsar",
      seed: 3,
      generation: 7,
    });
    expect(parseLifeQuery(new URLSearchParams("generation=100000"))).toMatchObject({ generation: 500 });
    expect(parseLifeQuery(new URLSearchParams("pattern=__proto__&seed=0&generation=-2"))).toEqual({
      pattern: "glider",
      seed: 1,
      generation: 0,
    });
  });
});

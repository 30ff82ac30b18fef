import { describe, expect, it } from "vitest";
import { ALGORITHMS, describeStep, parseSortingQuery, randomValues, sortSteps, type Algorithm } from "~/lib/sorting";

const algorithms = Object.keys(ALGORITHMS) as Algorithm[];
const input = [5, 3, 8, 1, 9, 2, 7, 2];
const ascending = [...input].sort((a, b) => a - b);

describe("sortSteps", () => {
  it.each(algorithms)("%s starts from the input and ends sorted", (algorithm) => {
    const steps = sortSteps(algorithm, input);
    expect(steps[0]).toEqual({ kind: "start", indices: [], values: input, sorted: [] });
    expect(steps.at(-1)).toEqual({ kind: "done", indices: [], values: ascending, sorted: [0, 1, 2, 3, 4, 5, 6, 7] });
  });

  it.each(algorithms)("%s changes the values only by swapping the two positions it names", (algorithm) => {
    const steps = sortSteps(algorithm, input);
    for (let i = 1; i < steps.length; i++) {
      const before = steps[i - 1]!.values;
      const step = steps[i]!;
      if (step.kind === "swap") {
        const [a, b] = step.indices as [number, number];
        const expected = [...before];
        [expected[a], expected[b]] = [before[b]!, before[a]!];
        expect(step.values).toEqual(expected);
      } else {
        expect(step.values).toEqual(before);
      }
    }
  });

  it.each(algorithms)("%s never marks a position sorted before its value is final", (algorithm) => {
    for (const step of sortSteps(algorithm, input)) {
      for (const position of step.sorted) expect(step.values[position]).toBe(ascending[position]);
    }
  });

  it("does not touch its input", () => {
    const copy = [...input];
    sortSteps("quick", copy);
    expect(copy).toEqual(input);
  });

  it("bubble sort stops after a pass without swaps", () => {
    const steps = sortSteps("bubble", [1, 2, 3, 4]);
    expect(steps.map((step) => step.kind)).toEqual(["start", "compare", "compare", "compare", "done"]);
  });

  it("records bubble sort's first comparison and swap", () => {
    const [, compare, swap] = sortSteps("bubble", [3, 1, 2]);
    expect(compare).toMatchObject({ kind: "compare", indices: [1, 0], values: [3, 1, 2] });
    expect(swap).toMatchObject({ kind: "swap", indices: [0, 1], values: [1, 3, 2] });
    expect(describeStep(compare!)).toBe("Comparing 1 and 3.");
    expect(describeStep(swap!)).toBe("Swapped 3 and 1.");
  });

  it("handles empty and single-value lists", () => {
    for (const algorithm of algorithms) {
      expect(sortSteps(algorithm, []).at(-1)?.values).toEqual([]);
      expect(sortSteps(algorithm, [4]).at(-1)).toMatchObject({ kind: "done", values: [4], sorted: [0] });
    }
  });
});

describe("randomValues", () => {
  it("gives the same numbers for the same seed, in range", () => {
    const values = randomValues(7);
    expect(values).toEqual(randomValues(7));
    expect(values).not.toEqual(randomValues(8));
    expect(values).toHaveLength(16);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(1);
    expect(Math.max(...values)).toBeLessThanOrEqual(99);
  });
});

describe("parseSortingQuery", () => {
  it("reads valid values and falls back on invalid ones", () => {
    expect(parseSortingQuery(new URLSearchParams("algorithm=quick&seed=5&step=12"))).toEqual({
      algorithm: "quick",
      seed: 5,
      step: 12,
    });
    expect(parseSortingQuery(new URLSearchParams("algorithm=bogo&seed=-1&step=x"))).toEqual({
      algorithm: "bubble",
      seed: 2024,
      step: 0,
    });
    expect(parseSortingQuery(new URLSearchParams("algorithm=toString"))).toMatchObject({ algorithm: "bubble" });
  });
});

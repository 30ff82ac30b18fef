/** Sorting algorithms recorded step by step, for the visualizer at /sorting. */

import { positiveIntegerParam } from "./query";

export const ALGORITHMS = {
  bubble: "Bubble sort",
  insertion: "Insertion sort",
  selection: "Selection sort",
  quick: "Quicksort",
} as const;

export type Algorithm = keyof typeof ALGORITHMS;

interface SortStep {
  kind: "start" | "compare" | "swap" | "done";
  /** The positions compared or swapped in this step. */
  indices: number[];
  /** The values after this step. */
  values: number[];
  /** Positions whose value is final. */
  sorted: number[];
}

const VALUE_COUNT = 16;
export const MAX_VALUE = 99;

function isAlgorithm(value: unknown): value is Algorithm {
  return typeof value === "string" && Object.hasOwn(ALGORITHMS, value);
}

/** A small deterministic generator (mulberry32), so a seed in the URL always shows the same numbers. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomValues(seed: number, count = VALUE_COUNT): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => 1 + Math.floor(random() * MAX_VALUE));
}

/** Records every comparison and swap the algorithm makes on a copy of `input`. */
export function sortSteps(algorithm: Algorithm, input: readonly number[]): SortStep[] {
  const values = [...input];
  const sorted = new Set<number>();
  const steps: SortStep[] = [];
  const record = (kind: SortStep["kind"], indices: number[]) =>
    steps.push({ kind, indices, values: [...values], sorted: [...sorted].sort((a, b) => a - b) });
  const less = (i: number, j: number) => {
    record("compare", [i, j]);
    return values[i]! < values[j]!;
  };
  const swap = (i: number, j: number) => {
    [values[i], values[j]] = [values[j]!, values[i]!];
    record("swap", [i, j]);
  };

  record("start", []);
  const n = values.length;
  switch (algorithm) {
    case "bubble":
      for (let end = n - 1; end > 0; end--) {
        let swapped = false;
        for (let i = 0; i < end; i++) {
          if (less(i + 1, i)) {
            swap(i, i + 1);
            swapped = true;
          }
        }
        sorted.add(end);
        // A pass without swaps proves the rest is in order.
        if (!swapped) break;
      }
      break;
    case "insertion":
      for (let i = 1; i < n; i++) {
        for (let j = i; j > 0 && less(j, j - 1); j--) swap(j, j - 1);
      }
      break;
    case "selection":
      for (let start = 0; start < n - 1; start++) {
        let smallest = start;
        for (let i = start + 1; i < n; i++) if (less(i, smallest)) smallest = i;
        if (smallest !== start) swap(start, smallest);
        sorted.add(start);
      }
      break;
    case "quick": {
      // Lomuto partition around the last element; the pivot lands in its final place.
      const quicksort = (low: number, high: number) => {
        if (low > high) return;
        if (low === high) {
          sorted.add(low);
          return;
        }
        let boundary = low;
        for (let i = low; i < high; i++) {
          if (less(i, high)) {
            if (i !== boundary) swap(i, boundary);
            boundary++;
          }
        }
        if (boundary !== high) swap(boundary, high);
        sorted.add(boundary);
        quicksort(low, boundary - 1);
        quicksort(boundary + 1, high);
      };
      quicksort(0, n - 1);
      break;
    }
  }
  for (let i = 0; i < n; i++) sorted.add(i);
  record("done", []);
  return steps;
}

export function describeStep(step: SortStep): string {
  const [a, b] = step.indices.map((i) => step.values[i]);
  switch (step.kind) {
    case "start":
      return "Unsorted numbers.";
    case "compare":
      return `Comparing ${a} and ${b}.`;
    case "swap":
      return `Swapped ${b} and ${a}.`;
    case "done":
      return "Sorted.";
  }
}

export interface SortingQuery {
  algorithm: Algorithm;
  seed: number;
  step: number;
}

const DEFAULT_SEED = 2024;

/** Reads `?algorithm=&seed=&step=` leniently: anything missing or invalid falls back to the start of bubble sort. */
export function parseSortingQuery(params: URLSearchParams): SortingQuery {
  const algorithm = params.get("algorithm");
  return {
    algorithm: isAlgorithm(algorithm) ? algorithm : "bubble",
    seed: positiveIntegerParam(params, "seed", DEFAULT_SEED),
    step: positiveIntegerParam(params, "step", 0),
  };
}

export function sortingHref({ algorithm, seed, step }: SortingQuery): string {
  return `?${new URLSearchParams({ algorithm, seed: String(seed), step: String(step) })}`;
}

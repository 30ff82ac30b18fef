/** A positive whole number from the query string, or `fallback` when it is missing or anything else. */
export function positiveIntegerParam(params: URLSearchParams, name: string, fallback: number): number {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

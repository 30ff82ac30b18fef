import { describe, expect, it } from "vitest";
import { clearFailures, recordFailure, retryAfterSeconds } from "~/server/throttle.server";

const T0 = 1_700_000_000_000;
let counter = 0;
/** Fresh keys per test: the throttle keeps its state in the module. */
const keys = () => [`ip:test-${++counter}`, `user:test-${counter}`];

function fail(k: string[], times: number, at: number) {
  for (let i = 0; i < times; i++) recordFailure(k, at);
}

describe("login throttle", () => {
  it("allows the first four failures without waiting", () => {
    const k = keys();
    fail(k, 4, T0);
    expect(retryAfterSeconds(k, T0)).toBe(0);
  });

  it("blocks from the fifth failure and doubles the wait each time", () => {
    const k = keys();
    fail(k, 5, T0);
    expect(retryAfterSeconds(k, T0)).toBe(1);
    recordFailure(k, T0);
    expect(retryAfterSeconds(k, T0)).toBe(2);
    recordFailure(k, T0);
    expect(retryAfterSeconds(k, T0)).toBe(4);
    recordFailure(k, T0);
    expect(retryAfterSeconds(k, T0)).toBe(8);
  });

  it("the wait runs out", () => {
    const k = keys();
    fail(k, 7, T0);
    expect(retryAfterSeconds(k, T0)).toBe(4);
    expect(retryAfterSeconds(k, T0 + 2_500)).toBe(2);
    expect(retryAfterSeconds(k, T0 + 4_000)).toBe(0);
  });

  it("caps the wait at 15 minutes, so the owner is never locked out for good", () => {
    const k = keys();
    fail(k, 100, T0);
    expect(retryAfterSeconds(k, T0)).toBe(15 * 60);
    expect(retryAfterSeconds(k, T0 + 15 * 60 * 1000)).toBe(0);
  });

  it("forgets a key an hour after its last failure", () => {
    const k = keys();
    fail(k, 30, T0);
    expect(retryAfterSeconds(k, T0 + 60 * 60 * 1000 + 1)).toBe(0);
    // Forgotten: the next failure starts the count again.
    recordFailure(k, T0 + 60 * 60 * 1000 + 2);
    expect(retryAfterSeconds(k, T0 + 60 * 60 * 1000 + 2)).toBe(0);
  });

  it("takes the longest wait of the keys (IP or user name)", () => {
    const [ip, user] = keys() as [string, string];
    fail([user], 8, T0);
    fail([ip], 5, T0);
    expect(retryAfterSeconds([ip], T0)).toBe(1);
    expect(retryAfterSeconds([ip, user], T0)).toBe(8);
    expect(retryAfterSeconds([`ip:other-${counter}`, user], T0)).toBe(8);
  });

  it("a success clears the keys", () => {
    const k = keys();
    fail(k, 9, T0);
    clearFailures(k);
    expect(retryAfterSeconds(k, T0)).toBe(0);
    fail(k, 4, T0);
    expect(retryAfterSeconds(k, T0)).toBe(0);
  });
});

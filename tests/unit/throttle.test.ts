import { describe, expect, it } from "vitest";
import { createThrottle, LOGIN_LIMITS, type Attempt } from "~/server/auth/throttle.server";

const T0 = 1_700_000_000_000;
const K = ["ip:203.0.113.1", "user:admin"];

function admitted(admission: ReturnType<ReturnType<typeof createThrottle>["begin"]>): Attempt {
  if (!admission.allowed) throw new Error(`refused for ${admission.retryAfterSeconds} s`);
  return admission.attempt;
}

/** Seconds a new attempt would wait now; an admitted probe is withdrawn, so it changes nothing. */
function wait(throttle: ReturnType<typeof createThrottle>, keys: string[], at: number): number {
  const admission = throttle.begin(keys, at);
  if (!admission.allowed) return admission.retryAfterSeconds;
  admission.attempt.cancelled();
  return 0;
}

function fail(throttle: ReturnType<typeof createThrottle>, keys: string[], times: number, at: number) {
  for (let i = 0; i < times; i++) admitted(throttle.begin(keys, at)).failed(at);
}

describe("login throttle", () => {
  it("allows five failures, then blocks and doubles the wait each time", () => {
    const t = createThrottle();
    fail(t, K, 4, T0);
    expect(wait(t, K, T0)).toBe(0);
    fail(t, K, 1, T0);
    expect(wait(t, K, T0)).toBe(1);
    fail(t, K, 1, T0 + 1000);
    expect(wait(t, K, T0 + 1000)).toBe(2);
    fail(t, K, 1, T0 + 3000);
    expect(wait(t, K, T0 + 3000)).toBe(4);
    expect(wait(t, K, T0 + 5000)).toBe(2);
    expect(wait(t, K, T0 + 7000)).toBe(0);
  });

  it("caps the wait at 15 minutes", () => {
    const t = createThrottle();
    let now = T0;
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      admitted(t.begin(K, now)).failed(now);
      waits.push(wait(t, K, now));
      now += waits.at(-1)! * 1000;
    }
    expect(waits.slice(4, 8)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...waits)).toBe(15 * 60);
    expect(waits.at(-1)).toBe(15 * 60);
  });

  it("counts an attempt when it is let in: at most the free attempts are in flight at once", () => {
    const t = createThrottle();
    const arrivals = Array.from({ length: 20 }, () => t.begin(K, T0));
    expect(arrivals.filter((a) => a.allowed)).toHaveLength(LOGIN_LIMITS.freeAttempts);
    expect(arrivals.slice(LOGIN_LIMITS.freeAttempts).map((a) => (a.allowed ? 0 : a.retryAfterSeconds))).toEqual(
      Array(15).fill(1),
    );
    // Answers arrive later: the wait runs from the last failure.
    for (const a of arrivals) if (a.allowed) a.attempt.failed(T0 + 3000);
    expect(wait(t, K, T0 + 3500)).toBe(1);
    // Past the free ones, one attempt at a time.
    const next = admitted(t.begin(K, T0 + 4000));
    expect(wait(t, K, T0 + 4000)).toBe(1);
    next.failed(T0 + 4000);
    expect(wait(t, K, T0 + 4000)).toBe(2);
  });

  it("a cancelled attempt does not count; a success clears all but the attempts still in flight", () => {
    const t = createThrottle();
    for (let i = 0; i < 10; i++) admitted(t.begin(K, T0)).cancelled();
    expect(t.size()).toBe(0);
    fail(t, K, 3, T0);
    const pending = admitted(t.begin(K, T0));
    admitted(t.begin(K, T0)).succeeded();
    // The pending attempt keeps its place: four more may start, not five.
    const more = Array.from({ length: 5 }, () => t.begin(K, T0));
    expect(more.map((a) => a.allowed)).toEqual([true, true, true, true, false]);
    for (const a of more) if (a.allowed) a.attempt.cancelled();
    pending.succeeded();
    expect(t.size()).toBe(0);
  });

  it("any blocked key refuses; other keys are not affected", () => {
    const t = createThrottle();
    fail(t, ["user:admin"], 5, T0);
    expect(wait(t, ["ip:a", "user:admin"], T0)).toBe(1);
    expect(wait(t, ["device:d1"], T0)).toBe(0);
  });

  it("forgets a key an hour after it was last seen", () => {
    const t = createThrottle();
    fail(t, K, 5, T0);
    fail(t, ["ip:other"], 1, T0 + 30 * 60 * 1000);
    expect(t.size()).toBe(3);
    expect(wait(t, ["ip:other"], T0 + 60 * 60 * 1000 + 1)).toBe(0);
    expect(t.size()).toBe(1);
    // Forgotten: the count starts again.
    fail(t, K, 4, T0 + 60 * 60 * 1000 + 2);
    expect(wait(t, K, T0 + 60 * 60 * 1000 + 2)).toBe(0);
  });

  it("holds at most maxEntries keys, dropping the least recently used", () => {
    const t = createThrottle({ ...LOGIN_LIMITS, maxEntries: 100 });
    fail(t, ["user:admin"], 5, T0);
    for (let i = 0; i < 99; i++) fail(t, [`ip:10.0.0.${i}`], 1, T0);
    expect(t.size()).toBe(100);
    expect(wait(t, ["user:admin"], T0)).toBe(1);
    for (let i = 0; i < 10_000; i++) fail(t, [`ip:spray-${i}`], 1, T0);
    expect(t.size()).toBe(100);
    expect(wait(t, ["user:admin"], T0)).toBe(0);
  });
});

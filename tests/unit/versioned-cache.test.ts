import { describe, expect, it } from "vitest";
import { VersionedCache } from "~/server/data/versioned-cache.server";

describe("answers kept under a version (record 090)", () => {
  it("finds an answer under the version it was kept under, and none once the version moved", () => {
    const cache = new VersionedCache<string>(10);
    expect(cache.get("1.0", "key")).toBeUndefined();
    cache.set("1.0", "key", "answer");
    expect(cache.get("1.0", "key")).toBe("answer");
    expect(cache.get("1.1", "key")).toBeUndefined();
    // Emptied, not hidden: going back to the older version finds nothing either.
    expect(cache.get("1.0", "key")).toBeUndefined();
  });

  it("keeps no answer worked out under a version the cache has moved past", () => {
    const cache = new VersionedCache<string>(10);
    expect(cache.get("1.0", "key")).toBeUndefined();
    // Another request saw a newer version while this one was working its answer out.
    expect(cache.get("2.0", "other")).toBeUndefined();
    cache.set("1.0", "key", "stale");
    expect(cache.get("2.0", "key")).toBeUndefined();
  });

  it("lets the least recently kept answer go first beyond its limit", () => {
    const cache = new VersionedCache<number>(2);
    cache.get("v", "a");
    cache.set("v", "a", 1);
    cache.set("v", "b", 2);
    cache.set("v", "a", 3);
    cache.set("v", "c", 4);
    expect([cache.get("v", "a"), cache.get("v", "b"), cache.get("v", "c")]).toEqual([3, undefined, 4]);
  });

  it("works an answer out once per version with getOr, and again once the version moved", () => {
    const cache = new VersionedCache<string>(10);
    let worked = 0;
    const workOut = () => `answer ${++worked}`;
    expect(cache.getOr("1.0", "key", workOut)).toBe("answer 1");
    expect(cache.getOr("1.0", "key", workOut)).toBe("answer 1");
    expect(cache.getOr("1.1", "key", workOut)).toBe("answer 2");
    expect(worked).toBe(2);
  });
});

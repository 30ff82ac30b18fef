import { describe, expect, it } from "vitest";
import { clearToken, readToken, TOKEN_KEY, writeToken, type TokenStorage } from "~/lib/token-store";

/** The Storage interface over a Map, as localStorage behaves in a browser. */
function memoryStorage(): TokenStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, String(value)),
    removeItem: (key) => void entries.delete(key),
  };
}

/** A browser that refuses storage access, as some private modes do. */
const refusingStorage: TokenStorage = {
  getItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("full", "QuotaExceededError");
  },
  removeItem: () => {
    throw new DOMException("denied", "SecurityError");
  },
};

describe("token store", () => {
  it("uses the key the spec names", () => {
    expect(TOKEN_KEY).toBe("gallery_auth_token");
  });

  it("stores, reads and clears the token under gallery_auth_token", () => {
    const storage = memoryStorage();
    expect(writeToken("abc123", storage)).toBe(true);
    expect(storage.entries.get("gallery_auth_token")).toBe("abc123");
    expect(readToken(storage)).toBe("abc123");
    clearToken(storage);
    expect(storage.entries.has("gallery_auth_token")).toBe(false);
    expect(readToken(storage)).toBe("");
  });

  it("reads an empty token when nothing is stored", () => {
    expect(readToken(memoryStorage())).toBe("");
  });

  it("leaves other keys alone", () => {
    const storage = memoryStorage();
    storage.setItem("theme", "dark");
    writeToken("t", storage);
    clearToken(storage);
    expect(storage.entries.get("theme")).toBe("dark");
  });

  it("never throws when the browser refuses storage", () => {
    expect(readToken(refusingStorage)).toBe("");
    expect(writeToken("t", refusingStorage)).toBe(false);
    expect(() => clearToken(refusingStorage)).not.toThrow();
  });

  it("does nothing without storage (server rendering)", () => {
    expect(readToken(null)).toBe("");
    expect(writeToken("t", null)).toBe(false);
    expect(() => clearToken(null)).not.toThrow();
  });
});

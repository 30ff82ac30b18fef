/** Where the browser keeps the session's client token (spec: "Stored client-side"). */
export const TOKEN_KEY = "gallery_auth_token";

export type TokenStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * The page's localStorage, or null on the server and where the browser
 * refuses storage (blocked cookies, some private modes throw on access).
 */
function defaultStorage(): TokenStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored token, or "" when there is none or storage is unavailable. */
export function readToken(storage: TokenStorage | null = defaultStorage()): string {
  try {
    return storage?.getItem(TOKEN_KEY) ?? "";
  } catch {
    return "";
  }
}

/** Stores the token; returns false when the browser refused (quota, blocked storage). */
export function writeToken(token: string, storage: TokenStorage | null = defaultStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(TOKEN_KEY, token);
    return true;
  } catch {
    return false;
  }
}

export function clearToken(storage: TokenStorage | null = defaultStorage()): void {
  try {
    storage?.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored that could be cleared.
  }
}

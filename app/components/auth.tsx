import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { href } from "react-router";
import { clearToken, readToken, writeToken } from "~/lib/token-store";

type AuthStatus = "loading" | "authenticated" | "unauthenticated";

const VALIDATION_FAILED = "Failed to validate authentication";

interface AuthState {
  status: AuthStatus;
  /** The stored client token ("" when there is none); client-side calls send it as the bearer. */
  token: string;
  error: string | null;
}

interface Auth extends AuthState {
  /** After a successful login: stores the token and authenticates. */
  signIn: (token: string) => void;
  /** On logout: clears the token and the state. */
  signOut: () => void;
}

const AuthContext = createContext<Auth | null>(null);

/**
 * The client side of the session (spec section 4 "Auth"): on page load the
 * stored token is validated once. The cookie session stays the source of
 * truth for server-rendered pages; this state tells client-side calls how to
 * authenticate.
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "loading", token: "", error: null });
  // A login or logout while validation is in flight wins over its late answer.
  const changedByUser = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    const token = readToken();
    setState((current) => ({ ...current, token }));
    fetch(href("/api/auth/validate"), {
      headers: { Authorization: `Bearer ${token}` },
      cache: "no-store",
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok) throw new Error(`Validation answered ${response.status}`);
        const { valid } = (await response.json()) as { valid?: unknown };
        if (changedByUser.current) return;
        if (valid === true) {
          setState({ status: "authenticated", token, error: null });
        } else {
          clearToken();
          setState({ status: "unauthenticated", token: "", error: null });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || changedByUser.current) return;
        console.error(error);
        // The token is kept: the server may be briefly unreachable, and the cookie session still stands.
        setState({ status: "unauthenticated", token, error: VALIDATION_FAILED });
      });
    return () => controller.abort();
  }, []);

  const signIn = useCallback((token: string) => {
    changedByUser.current = true;
    writeToken(token);
    setState({ status: "authenticated", token, error: null });
  }, []);

  const signOut = useCallback(() => {
    changedByUser.current = true;
    clearToken();
    setState({ status: "unauthenticated", token: "", error: null });
  }, []);

  const auth = useMemo(() => ({ ...state, signIn, signOut }), [state, signIn, signOut]);
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth needs an <AuthProvider> above it (mounted in app/root.tsx).");
  return auth;
}

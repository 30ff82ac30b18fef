import { createCookie } from "react-router";
import { randomToken, sha256 } from "~/server/core/tokens.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";

/**
 * OWASP's "device cookies": a browser that once logged in successfully gets a
 * signed cookie naming the user. Its later logins are throttled per device,
 * not per user name, so guesses from elsewhere cannot lock the owner out.
 * The cookie is bound to the password hash: a new password forgets every device.
 */
const MAX_AGE_S = 365 * 24 * 60 * 60;

interface DeviceClaim {
  /** User name. */
  u: string;
  /** Random id of this device: its throttle key. */
  n: string;
  /** Fingerprint of the password hash the login was checked against. */
  p: string;
}

export interface KnownDevice {
  id: string;
}

let deviceCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  deviceCookie ??= createCookie("__known_device", {
    httpOnly: true,
    // Only ever needed by a same-origin login form or API call.
    sameSite: "strict",
    path: "/",
    maxAge: MAX_AGE_S,
    secrets: sessionSecrets(),
  });
  return deviceCookie;
}

const fingerprint = (passwordHash: string) => sha256(`known-device:${passwordHash}`).slice(0, 22);

function isClaim(value: unknown): value is DeviceClaim {
  if (!value || typeof value !== "object") return false;
  const claim = value as Record<string, unknown>;
  return typeof claim.u === "string" && typeof claim.n === "string" && typeof claim.p === "string";
}

/** The device the request's cookie proves, when it is valid for this user and password. */
export async function knownDevice(
  request: Request,
  user: { username: string; passwordHash: string } | undefined,
): Promise<KnownDevice | null> {
  if (!user) return null;
  const claim: unknown = await cookie().parse(request.headers.get("cookie"));
  if (!isClaim(claim) || claim.u !== user.username || claim.p !== fingerprint(user.passwordHash)) return null;
  return { id: claim.n };
}

/** A fresh device cookie, after a successful login. */
export function rememberDevice(user: { username: string; passwordHash: string }, secure: boolean): Promise<string> {
  const claim: DeviceClaim = { u: user.username, n: randomToken(16), p: fingerprint(user.passwordHash) };
  return cookie().serialize(claim, { secure });
}

/**
 * Signing in with a passkey (login page): options for any of the owner's
 * discoverable passkeys, then the browser's answer verified. A verified
 * passkey stands for both factors, so it opens a session directly, as the
 * password login does.
 */
import { eq } from "drizzle-orm";
import { ADMIN_PATH } from "~/lib/paths";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import { parseInput } from "~/server/http/input.server";
import { assertSameOrigin, safeRedirect, secureFor } from "~/server/http/security.server";
import { openSession } from "./auth.server";
import { rememberDevice } from "./known-device.server";
import type { LoginResult } from "./login.server";
import { keepChallenge, relyingParty, takeChallenge, webAuthn } from "./passkey-challenges.server";
import { signInBody } from "./passkey-input.server";
import { findPasskey, recordPasskeyUse } from "./passkeys.server";
import { loginThrottle, passkeyOptionsThrottle, refusedFor } from "./throttle.server";

const NOT_VERIFIED = "That passkey could not be verified.";

/**
 * The options for `startAuthentication`: no credentials listed, so the browser
 * offers the site's passkeys. Anyone may ask, so each ask counts in a throttle
 * per IP, and an IP held back from logging in is held back here too.
 */
export async function signInOptions(request: Request, clientIp: string) {
  assertSameOrigin(request);
  const held = loginThrottle.heldFor([`ip:${clientIp}`]);
  if (held > 0) throw refusedFor(held, "Too many failed login attempts.");
  const admission = passkeyOptionsThrottle.begin([`ip:${clientIp}`]);
  if (!admission.allowed) throw refusedFor(admission.retryAfterSeconds, "Too many passkey sign-ins asked for.");
  admission.attempt.failed();
  const { rpID } = relyingParty(request);
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: "required" });
  return { options, challengeId: keepChallenge("sign-in", options.challenge) };
}

/**
 * Verifies the answer to the page's challenge: the credential must be a
 * stored passkey, signed for this site's origin and RP ID with the user
 * verified, and its counter must move forward (the library's checks). Each
 * attempt counts in the login throttle, per IP, as a password does.
 */
export async function verifySignIn(
  request: Request,
  body: unknown,
  clientIp: string,
): Promise<LoginResult & { redirectTo: string }> {
  assertSameOrigin(request);
  const { challengeId, response, redirectTo } = parseInput(signInBody, body);
  const admission = loginThrottle.begin([`ip:${clientIp}`]);
  if (!admission.allowed) {
    throw refusedFor(admission.retryAfterSeconds, "Too many failed login attempts.");
  }
  const { attempt } = admission;
  const fail = (status: number, message: string) => {
    attempt.failed();
    return new HttpError(status, message);
  };

  let expectedChallenge: string;
  try {
    expectedChallenge = takeChallenge(challengeId, "sign-in");
  } catch (error) {
    if (error instanceof HttpError) throw fail(error.status, error.message);
    throw error;
  }
  const passkey = findPasskey(response.id);
  const user = passkey && db().select().from(users).where(eq(users.id, passkey.userId)).get();
  if (!passkey || !user) throw fail(401, "That passkey is not registered on this site.");

  const { rpID, origin } = relyingParty(request);
  const { verifyAuthenticationResponse } = await webAuthn();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    throw fail(401, NOT_VERIFIED);
  }
  if (!verification.verified) throw fail(401, NOT_VERIFIED);
  attempt.succeeded();
  recordPasskeyUse(passkey.id, verification.authenticationInfo.newCounter);

  const { token, setCookie } = await openSession(request, user.id, clientIp);
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await rememberDevice(user, secureFor(request)));
  return { token, headers, redirectTo: safeRedirect(redirectTo, ADMIN_PATH) };
}

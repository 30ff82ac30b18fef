/** Registering a passkey for the signed-in owner (account page): options, then the browser's answer verified. */
import { eq } from "drizzle-orm";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { users } from "~/server/data/schema";
import { parseInput } from "~/server/http/input.server";
import type { AdminSession } from "./auth.server";
import { keepChallenge, relyingParty, takeChallenge, webAuthn } from "./passkey-challenges.server";
import { registrationBody } from "./passkey-input.server";
import { listPasskeys, storePasskey, type PasskeySummary } from "./passkeys.server";

function owner(session: AdminSession) {
  const user = db().select().from(users).where(eq(users.id, session.userId)).get();
  if (!user) throw new HttpError(401, "You must be logged in as the admin.");
  return user;
}

/**
 * The options for `startRegistration`: a discoverable credential (so the
 * login page can ask without a user name) that verifies the user, since a
 * passkey sign-in stands for both factors. The owner's passkeys are excluded,
 * so one authenticator is not registered twice; `siteName` is what the
 * authenticator shows the passkey is for.
 */
export async function registrationOptions(request: Request, session: AdminSession, siteName: string) {
  const user = owner(session);
  const { rpID } = relyingParty(request);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: siteName,
    rpID,
    userName: user.username,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: "none",
    excludeCredentials: listPasskeys(user.id).map(({ id }) => ({ id })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  return { options, challengeId: keepChallenge("register", options.challenge, session.id) };
}

/** Verifies the browser's answer to this session's challenge and stores the passkey under its name. */
export async function verifyRegistration(
  request: Request,
  session: AdminSession,
  body: unknown,
): Promise<PasskeySummary> {
  const { challengeId, name, response } = parseInput(registrationBody, body);
  const user = owner(session);
  const expectedChallenge = takeChallenge(challengeId, "register", session.id);
  const { rpID, origin } = relyingParty(request);
  const { verifyRegistrationResponse } = await webAuthn();
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw new HttpError(400, "The passkey could not be verified. Try again.");
  }
  if (!verification.verified) throw new HttpError(400, "The passkey could not be verified. Try again.");
  const { credential } = verification.registrationInfo;
  const createdAt = new Date();
  storePasskey({
    id: credential.id,
    userId: user.id,
    publicKey: Buffer.from(credential.publicKey),
    counter: credential.counter,
    transports: response.response.transports ?? credential.transports ?? [],
    name,
    createdAt,
  });
  return { id: credential.id, name, createdAt, lastUsedAt: null };
}

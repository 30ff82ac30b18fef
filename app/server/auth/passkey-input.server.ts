/**
 * The shapes of the browser's WebAuthn answers (what @simplewebauthn/browser
 * sends), checked before the library reads them: a malformed body is a 400
 * naming the field, never an exception inside verification.
 */
import { z } from "zod";
import { challengeIdField } from "./passkey-challenges.server";
import { passkeyName } from "./passkeys.server";

const base64url = z
  .string({ error: "must be base64url text" })
  .max(16_384, { error: "is too long" })
  .regex(/^[A-Za-z0-9_-]*$/, { error: "must be base64url text" });

const credentialFields = {
  id: base64url.min(1, { error: "must not be empty" }),
  rawId: base64url,
  type: z.literal("public-key", { error: 'must be "public-key"' }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

const registrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().optional(),
    publicKey: base64url.optional(),
  }),
});

const authenticationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

/** POST /api/auth/passkey/register/verify: the options' handle, the new passkey's name and the browser's answer. */
export const registrationBody = z.object({
  challengeId: challengeIdField,
  name: passkeyName,
  response: registrationResponse,
});

/** POST /api/auth/passkey/sign-in/verify: the options' handle, the browser's answer, and where to go after. */
export const signInBody = z.object({
  challengeId: challengeIdField,
  response: authenticationResponse,
  redirectTo: z.string().max(2048).optional(),
});

// WebAuthn challenges kept in memory (no database write for an anonymous ask): once, in time, for their purpose.
import { expect, it } from "vitest";
import { CHALLENGE_TTL_MS, keepChallenge, takeChallenge } from "~/server/auth/passkey-challenges.server";

const NOW = 1_800_000_000_000;

it("gives a challenge back once, within its five minutes, for its purpose and session", () => {
  const id = keepChallenge("sign-in", "fresh", null, NOW);
  expect(takeChallenge(id, "sign-in", null, NOW + CHALLENGE_TTL_MS - 1)).toBe("fresh");
  expect(() => takeChallenge(id, "sign-in", null, NOW)).toThrow("The passkey request has expired. Try again.");

  const late = keepChallenge("sign-in", "late", null, NOW);
  expect(() => takeChallenge(late, "sign-in", null, NOW + CHALLENGE_TTL_MS)).toThrow(/expired/);

  const registration = keepChallenge("register", "mine", 7, NOW);
  expect(() => takeChallenge(registration, "register", 8, NOW)).toThrow(/expired/);
  const other = keepChallenge("register", "other", 7, NOW);
  expect(() => takeChallenge(other, "sign-in", null, NOW)).toThrow(/expired/);
});

it("forgets expired challenges as new ones are kept", () => {
  const old = keepChallenge("sign-in", "old", null, NOW);
  keepChallenge("sign-in", "new", null, NOW + CHALLENGE_TTL_MS + 1);
  // Gone for good, not only too late: the same answer at the old time is refused too.
  expect(() => takeChallenge(old, "sign-in", null, NOW)).toThrow(/expired/);
});

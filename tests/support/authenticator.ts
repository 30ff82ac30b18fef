// An authenticator app made of `otpauth`, fed with the key the account page
// shows; no test framework, so both Vitest and Playwright use it.
import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

export const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * Gives the code of a given step, or a fresh one. The server takes each step
 * once and only the steps next to its own, so a fresh code is the previous,
 * the current or the next step's, each once; past that, none is ready until
 * the clock moves on (callers poll `readyCode`).
 */
export class Authenticator {
  private lastStep = -Infinity;
  private readonly totp: TOTP;

  constructor(readonly secret: string) {
    this.totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 });
  }

  codeAt(step: number): string {
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }

  /** A code of a step not handed out before that the server takes now, or null while there is none. */
  readyCode(): string | null {
    const now = currentStep();
    // The previous step is still taken while the clock is well inside this one (the server reads the clock a few
    // milliseconds later): three codes per 30 s instead of two, so a test file waits for the clock less often.
    const earliest = Date.now() % PERIOD_MS < PERIOD_MS - 5_000 ? now - 1 : now;
    const step = Math.max(this.lastStep + 1, earliest);
    if (step > now + 1) return null;
    this.lastStep = step;
    return this.codeAt(step);
  }
}

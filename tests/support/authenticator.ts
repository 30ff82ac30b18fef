// An authenticator app made of `otpauth`, fed with the key the account page
// shows; no test framework, so both Vitest and Playwright use it.
import { Secret, TOTP } from "otpauth";

const PERIOD_MS = 30_000;

export const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * Gives the code of a given step, or a fresh one. The server takes each step
 * once and only the steps next to its own, so a fresh code is the current
 * step's or, when that was used, the next one's; past that, none is ready
 * until the clock moves on (callers poll `readyCode`).
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
    const step = Math.max(this.lastStep + 1, currentStep());
    if (step > currentStep() + 1) return null;
    this.lastStep = step;
    return this.codeAt(step);
  }
}

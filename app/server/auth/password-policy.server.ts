import commonPasswordsText from "./common-passwords.txt?raw";
import { HttpError } from "~/server/core/http-error.server";

export const MIN_PASSWORD_CHARACTERS = 12;
/** bcrypt reads no further. */
export const MAX_PASSWORD_BYTES = 72;

/** The list is lower case; a password differing from an entry only in case is as easy to guess. */
const commonPasswords = new Set(commonPasswordsText.split("\n").filter((line) => line !== "" && !line.startsWith("#")));

/** A refusal that names the form field at fault, so the page can mark it. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError(400, message, { field });
}

/** Refuses a new password that is too short, too long for bcrypt, common, or the user's own name. */
export function assertAcceptablePassword(password: string, username: string, field = "newPassword"): void {
  if ([...password].length < MIN_PASSWORD_CHARACTERS) {
    throw fieldError(field, `The new password must be at least ${MIN_PASSWORD_CHARACTERS} characters long.`);
  }
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) {
    throw fieldError(field, `The new password may be at most ${MAX_PASSWORD_BYTES} bytes long.`);
  }
  const lower = password.toLowerCase();
  if (commonPasswords.has(lower)) {
    throw fieldError(field, "The new password is one of the 10,000 most common passwords. Choose another.");
  }
  if (lower === username.toLowerCase()) {
    throw fieldError(field, "The new password must not be your user name.");
  }
}

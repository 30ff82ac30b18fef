/**
 * The browser's side of the passkey endpoints. @simplewebauthn/browser is
 * imported on use, so it is a chunk of its own that only the login and
 * account pages ever fetch (a visitor's pages never do).
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { href } from "react-router";

/** What the options endpoints answer: the options, and the handle the answer goes back with. */
interface Challenge<Options> {
  options: Options;
  challengeId: string;
}

const CANCELLED = "The passkey request was cancelled or timed out.";
const IP_ADDRESS = "Passkeys work only when the site is opened by its name, not by an IP address.";
const UNREACHABLE = "The server could not be reached. Try again.";

async function postJson<T>(url: string, body: unknown = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    throw new Error(UNREACHABLE);
  }
  const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
  if (!response.ok) {
    throw new Error(typeof answer.message === "string" ? answer.message : `The server answered ${response.status}.`);
  }
  return answer as T;
}

/** WebAuthn takes no IP address for the relying party: on such an address the browser refuses every passkey. */
function onIpAddress(): boolean {
  const host = location.hostname;
  return host.startsWith("[") || /^\d{1,3}(\.\d{1,3}){3}$/.test(host);
}

/** Whether an error only means that another ceremony took over (the button replacing autofill). */
export function isAborted(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

/** A sentence for the person: the browser's cancellations read the same whatever their cause. */
export function passkeyErrorText(error: unknown): string {
  if (error instanceof Error && error.name === "NotAllowedError") return CANCELLED;
  if (error instanceof Error && error.name === "InvalidStateError") {
    return "This device already holds a passkey for this site.";
  }
  return error instanceof Error ? error.message : String(error);
}

/** Registers a new passkey under `name` for the signed-in owner. */
export async function registerPasskey(name: string): Promise<void> {
  if (onIpAddress()) throw new Error(IP_ADDRESS);
  const { startRegistration } = await import("@simplewebauthn/browser");
  const { options, challengeId } = await postJson<Challenge<PublicKeyCredentialCreationOptionsJSON>>(
    href("/api/auth/passkey/register/options"),
  );
  const response = await startRegistration({ optionsJSON: options });
  await postJson(href("/api/auth/passkey/register/verify"), { challengeId, name, response });
}

/** The person's pick from the user-name field's autofill, or null where the browser offers none. */
async function offerInAutofill() {
  if (onIpAddress()) return null;
  const { browserSupportsWebAuthnAutofill, startAuthentication } = await import("@simplewebauthn/browser");
  if (!(await browserSupportsWebAuthnAutofill())) return null;
  const { options, challengeId } = await postJson<Challenge<PublicKeyCredentialRequestOptionsJSON>>(
    href("/api/auth/passkey/sign-in/options"),
  );
  return { challengeId, response: await startAuthentication({ optionsJSON: options, useBrowserAutofill: true }) };
}

/** The passkey the person picks in the browser's own dialog. */
async function askWithButton() {
  if (onIpAddress()) throw new Error(IP_ADDRESS);
  const { startAuthentication } = await import("@simplewebauthn/browser");
  const { options, challengeId } = await postJson<Challenge<PublicKeyCredentialRequestOptionsJSON>>(
    href("/api/auth/passkey/sign-in/options"),
  );
  return { challengeId, response: await startAuthentication({ optionsJSON: options }) };
}

/**
 * Signs in with a passkey: from the button, or (with `autofill`) offered in
 * the user-name field's autofill until the person picks one. Resolves to the
 * client token and where to go, as the password login answers.
 */
export async function signInWithPasskey({
  autofill,
  redirectTo,
}: {
  autofill: boolean;
  redirectTo: string | null;
}): Promise<{ token: string; redirectTo: string } | null> {
  // The autofill offer is quiet: where it cannot run (or the button took over), the password form is all there is.
  const picked = autofill ? await offerInAutofill().catch(() => null) : await askWithButton();
  if (!picked) return null;
  return postJson(href("/api/auth/passkey/sign-in/verify"), { ...picked, redirectTo: redirectTo ?? undefined });
}

import { useCallback, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useAuth } from "~/components/auth";
import { Button } from "~/components/ui/button";
import "~/styles/passkeys.css";
import { isAborted, passkeyErrorText, signInWithPasskey } from "./passkey-ceremony";

/**
 * "Sign in with a passkey" under the password form, and the same passkeys
 * offered in the user-name field's autofill (conditional mediation). Both
 * need JavaScript: without it the block is hidden (`js-only`) and the
 * password form is the whole page.
 */
export function PasskeySignIn({ redirectTo }: { redirectTo: string | null }) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Each change starts the autofill offer again (after the button's ceremony ended it).
  const [autofillRound, setAutofillRound] = useState(0);

  const finish = useCallback(
    (answer: { token: string; redirectTo: string }) => {
      signIn(answer.token);
      void navigate(answer.redirectTo, { replace: true });
    },
    [signIn, navigate],
  );

  useEffect(() => {
    let active = true;
    signInWithPasskey({ autofill: true, redirectTo })
      .then((answer) => {
        if (answer && active) finish(answer);
      })
      .catch((caught: unknown) => {
        // Only the server's refusal of a picked passkey reaches here (the offer itself is quiet); not after leaving.
        if (!active || isAborted(caught)) return;
        setError(passkeyErrorText(caught));
      });
    return () => {
      active = false;
    };
  }, [autofillRound, redirectTo, finish]);

  async function signInWithButton() {
    setBusy(true);
    setError(null);
    try {
      const answer = await signInWithPasskey({ autofill: false, redirectTo });
      if (answer) finish(answer);
    } catch (caught) {
      if (!isAborted(caught)) setError(passkeyErrorText(caught));
      setAutofillRound((round) => round + 1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="passkey-sign-in js-only">
      <p className="passkey-sign-in__or" aria-hidden="true">
        or
      </p>
      {error && (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      )}
      <Button variant="secondary" wide disabled={busy} onClick={() => void signInWithButton()}>
        Sign in with a passkey
      </Button>
    </div>
  );
}

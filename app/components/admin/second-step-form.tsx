import { Form, Link, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { ErrorBanners } from "./error-banners";
import { useHydrated } from "~/components/use-hydrated";
import { ADMIN_PATH, GALLERY_PATH, loginHref } from "~/lib/paths";

interface SecondStepFormProps {
  /** Why the last code was refused. */
  error: string | null;
  /** Where to go after logging in without JavaScript; the server checks it. */
  redirectTo: string | null;
}

/**
 * The login's second step, after a right password with two-step codes on. The
 * password is not sent again: the server holds a short-lived ticket for it
 * (an HttpOnly cookie), so this form carries only the code.
 */
export function SecondStepForm({ error, redirectTo }: SecondStepFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === "second-step";

  return (
    <main className="page page--narrow admin admin--login">
      <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
      <div className="card login-card">
        <h1>Gallery Admin Login</h1>
        <p className="muted second-step__lede">
          Two-step sign-in: enter the 6-digit code from your authenticator app, or a recovery code.
        </p>
        <ErrorBanners messages={[error]} />
        <Form method="post" className="login-form">
          <input type="hidden" name="intent" value="second-step" />
          {hydrated && <input type="hidden" name="client" value="js" />}
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
          <div className="field">
            <label htmlFor="login-code">Code</label>
            <input
              id="login-code"
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={32}
              required
            />
          </div>
          <Button type="submit" wide disabled={checking}>
            {checking ? "Checking..." : "Verify"}
          </Button>
        </Form>
        <p className="second-step__restart">
          <Link to={redirectTo ? loginHref(redirectTo) : ADMIN_PATH}>Start again with the password</Link>
        </p>
      </div>
    </main>
  );
}

import { Link } from "react-router";
import { ErrorBanners } from "./error-banners";
import { LoginCard, LoginStepForm } from "./login-card";
import { ADMIN_PATH, loginHref } from "~/lib/paths";

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
  return (
    <LoginCard>
      <p className="muted second-step__lede">
        Two-step sign-in: enter the 6-digit code from your authenticator app, or a recovery code.
      </p>
      <ErrorBanners messages={[error]} />
      <LoginStepForm intent="second-step" redirectTo={redirectTo} submit="Verify" busy="Checking...">
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
      </LoginStepForm>
      <p className="second-step__restart">
        <Link to={redirectTo ? loginHref(redirectTo) : ADMIN_PATH}>Start again with the password</Link>
      </p>
    </LoginCard>
  );
}

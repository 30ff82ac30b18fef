import { useAuth } from "~/components/auth";
import { ErrorBanners } from "./error-banners";
import { LoginCard, LoginStepForm } from "./login-card";
import { PasskeySignIn } from "./passkey-sign-in";

interface LoginFormProps {
  /** The message of a failed attempt, shown in the banner. */
  error: string | null;
  /** Where to go after logging in without JavaScript; the server checks it. */
  redirectTo: string | null;
  /** The username of the failed attempt, typed again for the user. */
  username?: string;
}

export function LoginForm({ error, redirectTo, username }: LoginFormProps) {
  const auth = useAuth();
  return (
    <LoginCard>
      <ErrorBanners messages={[auth.error, error]} />
      <LoginStepForm intent="login" redirectTo={redirectTo} submit="Login" busy="Logging in...">
        <div className="field">
          <label htmlFor="login-username">Username</label>
          <input
            id="login-username"
            name="username"
            autoComplete="username webauthn"
            defaultValue={username}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        </div>
      </LoginStepForm>
      <PasskeySignIn redirectTo={redirectTo} />
    </LoginCard>
  );
}

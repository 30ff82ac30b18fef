import { Form, useNavigation } from "react-router";
import { useAuth } from "~/components/auth";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { ErrorBanners } from "./error-banners";
import { PasskeySignIn } from "./passkey-sign-in";
import { useHydrated } from "~/components/use-hydrated";
import { GALLERY_PATH } from "~/lib/paths";

interface LoginFormProps {
  /** The message of a failed attempt, shown in the banner. */
  error: string | null;
  /** Where to go after logging in without JavaScript; the server checks it. */
  redirectTo: string | null;
  /** The username of the failed attempt, typed again for the user. */
  username?: string;
}

export function LoginForm({ error, redirectTo, username }: LoginFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const auth = useAuth();
  const loggingIn = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";

  return (
    <main className="page page--narrow admin admin--login">
      <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
      <div className="card login-card">
        <h1>Gallery Admin Login</h1>
        <ErrorBanners messages={[auth.error, error]} />
        {/* Posts to this page's URL, so a failed attempt without JavaScript keeps its redirectTo. */}
        <Form method="post" className="login-form">
          <input type="hidden" name="intent" value="login" />
          {/* Asks for the client token in the answer; only a page running JavaScript can keep it. */}
          {hydrated && <input type="hidden" name="client" value="js" />}
          {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
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
          <Button type="submit" wide disabled={loggingIn}>
            {loggingIn ? "Logging in..." : "Login"}
          </Button>
        </Form>
        <PasskeySignIn redirectTo={redirectTo} />
      </div>
    </main>
  );
}

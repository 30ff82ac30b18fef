import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/use-hydrated";
import { GALLERY_PATH } from "~/lib/paths";

/** The login page's frame, around its first step (the password) and its second (the code). */
export function LoginCard({ children }: { children: ReactNode }) {
  return (
    <main className="page page--narrow admin admin--login">
      <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
      <div className="card login-card">
        <h1>Gallery Admin Login</h1>
        {children}
      </div>
    </main>
  );
}

interface LoginStepFormProps {
  intent: "login" | "second-step";
  /** Where to go after logging in without JavaScript; the server checks it. */
  redirectTo: string | null;
  /** The button's text, and its text while the step is checked. */
  submit: string;
  busy: string;
  children: ReactNode;
}

/** One step's form. It posts to this page's URL, so a refused attempt without JavaScript keeps its redirectTo. */
export function LoginStepForm({ intent, redirectTo, submit, busy, children }: LoginStepFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const checking = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="login-form">
      <input type="hidden" name="intent" value={intent} />
      {/* Asks for the client token in the answer; only a page running JavaScript can keep it. */}
      {hydrated && <input type="hidden" name="client" value="js" />}
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      {children}
      <Button type="submit" wide disabled={checking}>
        {checking ? busy : submit}
      </Button>
    </Form>
  );
}

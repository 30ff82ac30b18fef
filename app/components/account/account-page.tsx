import { BackLink } from "~/components/ui/back-link";
import { ADMIN_PATH } from "~/lib/paths";
import type { Route } from "../../routes/+types/photography.admin.account";
import { DevicesSection } from "./devices-section";
import { PasskeysSection } from "./passkeys-section";
import { PasswordSection } from "./password-section";
import { isTwoStepAnswer, TwoStepSection } from "./two-step-section";

type LoaderData = Route.ComponentProps["loaderData"];
/** The last form's answer: a notice, or a refusal naming the field at fault. */
export type AccountAnswer = NonNullable<Route.ComponentProps["actionData"]> | null;

/** One section per concern, each a card of its own; passkeys and two-step codes join as more sections. */
export function AccountPage({
  devices,
  passkeys,
  minPasswordCharacters,
  passwordFromEnvironment,
  twoStep,
  answer,
}: LoaderData & { answer: AccountAnswer }) {
  return (
    <main className="page page--narrow admin account">
      <header className="page-header">
        <BackLink to={ADMIN_PATH}>Back to the dashboard</BackLink>
        <h1 className="page-header__title">Account</h1>
      </header>
      <PasswordSection
        minCharacters={minPasswordCharacters}
        fromEnvironment={passwordFromEnvironment}
        answer={answer?.intent === "change-password" ? answer : null}
      />
      <PasskeysSection
        passkeys={passkeys}
        answer={answer?.intent === "rename-passkey" || answer?.intent === "remove-passkey" ? answer : null}
      />
      <TwoStepSection status={twoStep} answer={isTwoStepAnswer(answer) ? answer : null} />
      <DevicesSection
        devices={devices}
        answer={answer?.intent === "sign-out" || answer?.intent === "sign-out-others" ? answer : null}
      />
    </main>
  );
}

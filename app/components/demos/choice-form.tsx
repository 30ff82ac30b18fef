import type { ReactNode } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/components/ui/button";

interface Props {
  /** The query parameter, also the select's id. */
  name: string;
  label: string;
  options: Record<string, string>;
  value: string;
  seed: number;
  submitLabel: string;
  /** Extra actions next to the submit button. */
  children?: ReactNode;
}

/** A GET form choosing one option, keeping the seed: how the demos switch algorithm or pattern without JavaScript. */
export function ChoiceForm({ name, label, options, value, seed, submitLabel, children }: Props) {
  return (
    <Form method="get" className="demo-panel demo-toolbar" preventScrollReset>
      <div className="field field--inline">
        <label htmlFor={name}>{label}</label>
        <select id={name} name={name} defaultValue={value} key={value}>
          {Object.entries(options).map(([option, optionLabel]) => (
            <option key={option} value={option}>
              {optionLabel}
            </option>
          ))}
        </select>
      </div>
      <input type="hidden" name="seed" value={seed} />
      <button type="submit" className={buttonClass({ variant: "secondary" })}>
        {submitLabel}
      </button>
      {children}
    </Form>
  );
}

import { Link } from "react-router";
import type { FirstRunStep } from "../../routes/admin/first-run.server";

/** A new site's first steps, each a link to where it is done, ticked off as the site shows it done. */
export function FirstRunChecklist({ steps }: { steps: FirstRunStep[] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="first-run" aria-labelledby="first-run-heading">
      <h2 id="first-run-heading">Getting started</h2>
      <p className="muted">
        {done} of {steps.length} done. This list goes once all are.
      </p>
      <ol className="first-run__steps">
        {steps.map((step, index) => (
          <li key={step.label} className={step.done ? "first-run__step first-run__step--done" : "first-run__step"}>
            <span className="first-run__mark" aria-hidden="true">
              {step.done ? "✓" : index + 1}
            </span>
            {step.done ? (
              <span>
                {step.label}
                <span className="visually-hidden"> (done)</span>
              </span>
            ) : (
              <Link to={step.href}>{step.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

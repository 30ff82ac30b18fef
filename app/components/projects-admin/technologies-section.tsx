import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { AnswerBanner } from "./answer-banner";
import type { ProjectsAnswer, ProjectsLoaderData } from "./types";

type Choices = ProjectsLoaderData["technologies"];

/**
 * The strip's icons: the chosen ones in their order (Up and Down save the
 * form and move one), then the rest of the bundled set to tick. One plain
 * form, so it works without JavaScript.
 */
export function TechnologiesSection({ choices, answer }: { choices: Choices; answer: ProjectsAnswer }) {
  const mine = answer?.intent === "technologies" ? answer : null;
  const { chosen, rest, enabled } = choices;
  return (
    <section className="card admin-section" aria-labelledby="technologies-heading">
      <h2 id="technologies-heading">Technologies</h2>
      <p className="muted">The icons that scroll above the cards, in this order.</p>
      {mine && <AnswerBanner ok={mine.ok} message={mine.ok ? mine.notice : mine.error} />}
      <Form method="post" className="technology-form" key={mine?.ok ? mine.at : "technologies"}>
        <input type="hidden" name="intent" value="technologies" />
        <div className="field field--check">
          <input id="technologies-enabled" type="checkbox" name="enabled" defaultChecked={enabled} />
          <label htmlFor="technologies-enabled">Show the technology strip</label>
        </div>
        <fieldset className="technology-list">
          <legend>In the strip</legend>
          <ol>
            {chosen.map((icon, index) => (
              <li key={icon.id} className="technology-choice">
                <input id={`tech-${icon.id}`} type="checkbox" name="icons" value={icon.id} defaultChecked />
                <img src={icon.icon} alt="" width={24} height={24} />
                <label htmlFor={`tech-${icon.id}`}>{icon.name}</label>
                <span className="technology-choice__moves">
                  {index > 0 && (
                    <Button
                      type="submit"
                      name="move"
                      value={`up:${icon.id}`}
                      variant="secondary"
                      aria-label={`Move ${icon.name} up`}
                    >
                      Up
                    </Button>
                  )}
                  {index < chosen.length - 1 && (
                    <Button
                      type="submit"
                      name="move"
                      value={`down:${icon.id}`}
                      variant="secondary"
                      aria-label={`Move ${icon.name} down`}
                    >
                      Down
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ol>
        </fieldset>
        <fieldset className="technology-list">
          <legend>More icons</legend>
          <ul className="technology-grid">
            {rest.map((icon) => (
              <li key={icon.id} className="technology-choice">
                <input id={`tech-${icon.id}`} type="checkbox" name="icons" value={icon.id} />
                <img src={icon.icon} alt="" width={24} height={24} />
                <label htmlFor={`tech-${icon.id}`}>{icon.name}</label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div>
          <Button type="submit">Save technologies</Button>
        </div>
      </Form>
    </section>
  );
}

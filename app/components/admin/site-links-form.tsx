import { Form } from "react-router";
import { LinkIcon } from "~/components/link-icon";
import { Button } from "~/components/ui/button";
import { FieldError, fieldError, invalidProps } from "~/components/ui/field-error";
import type { LinkIcon as LinkIconName, SiteLink } from "~/lib/site";
import { keptValue, SiteAnswer } from "./site-answer";
import type { SiteAnswerData, SitePageData } from "./site-page";

interface Props {
  links: SitePageData["links"];
  icons: SitePageData["icons"];
  limits: SitePageData["limits"];
  hasCv: boolean;
  answer: SiteAnswerData;
}

const KIND_NAMES: Record<SiteLink["kind"], string> = {
  code: "Code profile",
  network: "Network profile",
  email: "Email",
  cv: "CV",
  custom: "Your link",
};

/** One input of a link's row, named as the API names the field (`links[2].url`) so a refusal finds it. */
function LinkField({
  index,
  field,
  label,
  saved,
  answer,
  ...input
}: {
  index: number;
  field: "label" | "url";
  label: string;
  saved: string;
  answer: SiteAnswerData;
  maxLength: number;
  placeholder?: string;
  required?: boolean;
}) {
  const name = `links[${index}].${field}`;
  const id = `link-${index}-${field}`;
  const message = fieldError(answer, name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        defaultValue={keptValue(answer, name, saved)}
        {...input}
        {...invalidProps(message, id)}
      />
      <FieldError id={id} message={message} />
    </div>
  );
}

function IconSelect({ index, saved, props }: { index: number; saved: LinkIconName; props: Props }) {
  const name = `links[${index}].icon`;
  const id = `link-${index}-icon`;
  const message = fieldError(props.answer, name);
  return (
    <div className="field">
      <label htmlFor={id}>Icon</label>
      <select id={id} name={name} defaultValue={keptValue(props.answer, name, saved)} {...invalidProps(message, id)}>
        {Object.entries(props.icons).map(([icon, label]) => (
          <option key={icon} value={icon}>
            {label}
          </option>
        ))}
      </select>
      <FieldError id={id} message={message} />
    </div>
  );
}

function LinkRow({ link, index, props }: { link: Props["links"][number]; index: number; props: Props }) {
  const { answer, limits, hasCv, links } = props;
  return (
    <li className="site-link">
      <h3 className="site-link__title">
        <LinkIcon glyph={link.glyph} /> {KIND_NAMES[link.kind]}
      </h3>
      <input type="hidden" name={`links[${index}].id`} value={link.id} />
      <div className="site-link__fields">
        <LinkField
          index={index}
          field="label"
          label="Label"
          saved={link.label}
          answer={answer}
          maxLength={limits.linkLabel}
          required
        />
        {link.kind === "cv" ? (
          <p className="field__hint site-link__cv">{hasCv ? "Links to your CV below." : "Hidden: there is no CV."}</p>
        ) : (
          <LinkField
            index={index}
            field="url"
            label="Address"
            saved={link.url}
            answer={answer}
            maxLength={limits.url}
            placeholder={link.kind === "email" ? "mailto:you@example.com" : "https://"}
          />
        )}
        {link.kind === "email" || link.kind === "cv" ? null : (
          <IconSelect index={index} saved={link.icon} props={props} />
        )}
      </div>
      <div className="site-link__order">
        <Button
          type="submit"
          name="link-action"
          value={`move-up:${link.id}`}
          variant="secondary"
          disabled={index === 0}
        >
          Move up
        </Button>
        <Button
          type="submit"
          name="link-action"
          value={`move-down:${link.id}`}
          variant="secondary"
          disabled={index === links.length - 1}
        >
          Move down
        </Button>
        {link.kind === "custom" ? (
          <Button type="submit" name="link-action" value={`remove:${link.id}`} variant="danger">
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** Every link in one form with one Save; moving or removing a link saves what was typed too. */
export function SiteLinksForm(props: Props) {
  const { links, limits } = props;
  const answer = props.answer?.intent === "save-links" ? props.answer : null;
  const rowProps = { ...props, answer };
  const next = links.length;
  return (
    <section className="card site-card" aria-labelledby="links-heading" id="links">
      <h2 id="links-heading">Links</h2>
      <p className="muted">
        Shown under your name and in the footer, in this order. A link without an address is hidden. Addresses start
        with http://, https://, mailto: or tel:.
      </p>
      <SiteAnswer answer={answer} />
      {/* Drawn anew from each saved list (the answer may come before the revalidated links do). */}
      <Form method="post" className="site-links-form" key={JSON.stringify(links.map(({ glyph, ...link }) => link))}>
        <input type="hidden" name="intent" value="save-links" />
        {/* Enter in a field presses the form's first button: Save, not the first Move. */}
        <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Save links
        </button>
        <ol className="site-links">
          {links.map((link, index) => (
            <LinkRow key={link.id} link={link} index={index} props={rowProps} />
          ))}
        </ol>
        {next < limits.links ? (
          <fieldset className="site-link site-link--new">
            <legend className="site-link__title">Add a link</legend>
            <div className="site-link__fields">
              <LinkField
                index={next}
                field="label"
                label="Label"
                saved=""
                answer={answer}
                maxLength={limits.linkLabel}
              />
              <LinkField
                index={next}
                field="url"
                label="Address"
                saved=""
                answer={answer}
                maxLength={limits.url}
                placeholder="https://"
              />
              <IconSelect index={next} saved="link" props={rowProps} />
            </div>
          </fieldset>
        ) : null}
        <div>
          <Button type="submit">Save links</Button>
        </div>
      </Form>
    </section>
  );
}

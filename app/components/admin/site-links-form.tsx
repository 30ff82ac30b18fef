import { Form } from "react-router";
import { LinkIcon } from "~/components/link-icon";
import { Button } from "~/components/ui/button";
import type { SiteLink } from "~/lib/site";
import { keptValue, SiteAnswer } from "./site-answer";
import type { SiteAnswerData, SitePageData } from "./site-page";

const LINK_INTENTS = new Set(["save-link", "add-link", "remove-link", "move-up", "move-down"]);

interface Props {
  links: SiteLink[];
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

function IconSelect({ id, value, icons }: { id: string; value: string; icons: readonly string[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>Icon</label>
      <select id={id} name="icon" defaultValue={value}>
        {icons.map((icon) => (
          <option key={icon} value={icon}>
            {icon}
          </option>
        ))}
      </select>
    </div>
  );
}

function LinkRow({ link, index, count, props }: { link: SiteLink; index: number; count: number; props: Props }) {
  const { answer, limits, icons, hasCv } = props;
  const mine = answer && answer.id === link.id ? answer : null;
  const kept = (name: string, saved: string) => keptValue(mine, name, saved);
  const invalid = mine && !mine.ok ? mine.field : null;
  const formId = `link-${link.id}`;
  return (
    <li className="site-link">
      <h3 className="site-link__title">
        <LinkIcon name={link.icon} /> {KIND_NAMES[link.kind]}
      </h3>
      <SiteAnswer answer={mine} />
      <Form method="post" className="site-link__form" id={formId} key={mine?.ok ? mine.at : formId}>
        <input type="hidden" name="intent" value="save-link" />
        <input type="hidden" name="id" value={link.id} />
        <div className="field">
          <label htmlFor={`${formId}-label`}>Label</label>
          <input
            id={`${formId}-label`}
            name="label"
            defaultValue={kept("label", link.label)}
            maxLength={limits.linkLabel}
            required
            aria-invalid={invalid === "label" ? true : undefined}
          />
        </div>
        {link.kind === "cv" ? (
          <p className="field__hint site-link__cv">{hasCv ? "Links to your CV below." : "Hidden: there is no CV."}</p>
        ) : (
          <div className="field">
            <label htmlFor={`${formId}-url`}>Address</label>
            <input
              id={`${formId}-url`}
              name="url"
              defaultValue={kept("url", link.url)}
              maxLength={limits.url}
              placeholder={link.kind === "email" ? "mailto:you@example.com" : "https://"}
              aria-invalid={invalid === "url" ? true : undefined}
            />
          </div>
        )}
        {link.kind === "custom" ? (
          <IconSelect id={`${formId}-icon`} value={kept("icon", link.icon)} icons={icons} />
        ) : null}
        <div className="site-link__actions">
          <Button type="submit" variant="secondary">
            Save
          </Button>
        </div>
      </Form>
      <Form method="post" className="site-link__order">
        <input type="hidden" name="id" value={link.id} />
        <Button type="submit" name="intent" value="move-up" variant="secondary" disabled={index === 0}>
          Move up
        </Button>
        <Button type="submit" name="intent" value="move-down" variant="secondary" disabled={index === count - 1}>
          Move down
        </Button>
        {link.kind === "custom" ? (
          <Button type="submit" name="intent" value="remove-link" variant="danger">
            Remove
          </Button>
        ) : null}
      </Form>
    </li>
  );
}

export function SiteLinksForm(props: Props) {
  const { links, answer, limits, icons } = props;
  const adding = answer?.intent === "add-link" ? answer : null;
  const invalid = adding && !adding.ok ? adding.field : null;
  const listAnswer = answer && LINK_INTENTS.has(answer.intent ?? "") && !answer.id && !adding ? answer : null;
  return (
    <section className="card site-card" aria-labelledby="links-heading" id="links">
      <h2 id="links-heading">Links</h2>
      <p className="muted">
        Shown under your name and in the footer, in this order. A link without an address is hidden. Addresses start
        with http://, https:// or mailto:.
      </p>
      <SiteAnswer answer={listAnswer} />
      <ol className="site-links">
        {links.map((link, index) => (
          <LinkRow key={link.id} link={link} index={index} count={links.length} props={props} />
        ))}
      </ol>
      <h3>Add a link</h3>
      <SiteAnswer answer={adding} />
      <Form method="post" className="site-link__form" key={adding?.ok ? adding.at : "add-link"}>
        <input type="hidden" name="intent" value="add-link" />
        <div className="field">
          <label htmlFor="new-link-label">Label</label>
          <input
            id="new-link-label"
            name="label"
            defaultValue={keptValue(adding, "label", "")}
            maxLength={limits.linkLabel}
            required
            aria-invalid={invalid === "label" ? true : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor="new-link-url">Address</label>
          <input
            id="new-link-url"
            name="url"
            defaultValue={keptValue(adding, "url", "")}
            maxLength={limits.url}
            placeholder="https://"
            required
            aria-invalid={invalid === "url" ? true : undefined}
          />
        </div>
        <IconSelect id="new-link-icon" value={keptValue(adding, "icon", "external")} icons={icons} />
        <div className="site-link__actions">
          <Button type="submit">Add link</Button>
        </div>
      </Form>
    </section>
  );
}

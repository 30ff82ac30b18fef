import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, fieldError, invalidProps } from "~/components/ui/field-error";
import { keptValue, SiteAnswer } from "./site-answer";
import type { SiteAnswerData, SitePageData } from "./site-page";

interface Props {
  profile: SitePageData["profile"];
  limits: SitePageData["limits"];
  answer: SiteAnswerData;
}

export function SiteProfileForm({ profile, limits, answer }: Props) {
  const value = (name: keyof typeof profile) => keptValue(answer, name, profile[name]);
  const input = (name: "name" | "tagline" | "location", label: string, max: number) => (
    <div className="field">
      <label htmlFor={`site-${name}`}>{label}</label>
      <input
        id={`site-${name}`}
        name={name}
        defaultValue={value(name)}
        maxLength={max}
        required={name === "name"}
        {...invalidProps(fieldError(answer, name), `site-${name}`)}
      />
      <FieldError id={`site-${name}`} message={fieldError(answer, name)} />
    </div>
  );
  return (
    <section className="card site-card" aria-labelledby="profile-heading" id="profile">
      <h2 id="profile-heading">Profile</h2>
      <SiteAnswer answer={answer} />
      <Form method="post" className="site-form" key={answer?.ok ? answer.at : "profile"}>
        <input type="hidden" name="intent" value="save-profile" />
        {input("name", "Name", limits.name)}
        {input("tagline", "Tagline", limits.tagline)}
        {input("location", "Location", limits.location)}
        <div className="field">
          <label htmlFor="site-about">About</label>
          <textarea
            id="site-about"
            name="about"
            rows={6}
            defaultValue={value("about")}
            maxLength={limits.about}
            {...invalidProps(fieldError(answer, "about"), "site-about", "site-about-hint")}
          />
          <FieldError id="site-about" message={fieldError(answer, "about")} />
          <p className="field__hint" id="site-about-hint">
            Paragraphs, *emphasis*, lists and [links](https://example.com) (http, https or mailto). HTML shows as text.
          </p>
        </div>
        <div>
          <Button type="submit">Save profile</Button>
        </div>
      </Form>
    </section>
  );
}

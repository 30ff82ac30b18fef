import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Choice } from "~/components/ui/choice";
import { FieldError, fieldError, invalidProps } from "~/components/ui/field-error";
import type { Route } from "../../routes/+types/photography.admin.site.settings";
import { keptValue, SiteAnswer } from "./site-answer";
import { SiteSectionNav } from "./site-section-nav";

type Data = Route.ComponentProps["loaderData"];
type Answer = NonNullable<Route.ComponentProps["actionData"]> | null;

const SCHEME_LABELS = { system: "Follow the visitor's system", light: "Light", dark: "Dark" } as const;

/** The Site section's settings tab: the site's title, colours, camera details and footer line. */
/** One of the custom accent's colours: a colour input (any colour, with or without JavaScript), checked by the server. */
function CustomColour({ scheme, data, answer }: { scheme: "light" | "dark"; data: Data; answer: Answer }) {
  const name = `customAccent.${scheme}`;
  const id = `settings-custom-${scheme}`;
  const message = fieldError(answer, name);
  return (
    <div className="field site-custom-colour">
      <label htmlFor={id}>{scheme === "light" ? "Light scheme" : "Dark scheme"}</label>
      <input
        id={id}
        type="color"
        name={name}
        defaultValue={keptValue(answer, name, data.customAccent[scheme])}
        {...invalidProps(message, id)}
      />
      <FieldError id={id} message={message} />
    </div>
  );
}

export function SiteSettingsPage({ data, answer }: { data: Data; answer: Answer }) {
  const { settings, limits } = data;
  const kept = (name: string, saved: string) => keptValue(answer, name, saved);
  const refused = answer && !answer.ok;
  const showCamera = refused ? answer.values?.showCameraDetails === "on" : settings.showCameraDetails;
  return (
    <main className="page page--narrow admin site-admin">
      <header className="page-header">
        <h1 className="page-header__title">Site</h1>
        <SiteSectionNav />
      </header>
      <section className="card site-card" aria-labelledby="settings-heading">
        <h2 id="settings-heading">Settings</h2>
        <SiteAnswer answer={answer} />
        <Form method="post" className="site-form" key={answer?.ok ? answer.at : "settings"}>
          <input type="hidden" name="intent" value="save-settings" />
          <div className="field">
            <label htmlFor="settings-title">Site title</label>
            <input
              id="settings-title"
              name="title"
              defaultValue={kept("title", settings.title)}
              maxLength={limits.title}
              placeholder={data.ownerName}
              {...invalidProps(fieldError(answer, "title"), "settings-title", "settings-title-hint")}
            />
            <FieldError id="settings-title" message={fieldError(answer, "title")} />
            <p className="field__hint" id="settings-title-hint">
              The home page&apos;s title, and after each other page&apos;s name in titles and link previews. Empty: your
              name.
            </p>
          </div>
          <fieldset className="site-choices">
            <legend>Colour scheme</legend>
            {data.schemes.map((scheme) => (
              <Choice
                key={scheme}
                type="radio"
                name="colourScheme"
                value={scheme}
                defaultChecked={kept("colourScheme", settings.colourScheme) === scheme}
              >
                {SCHEME_LABELS[scheme]}
              </Choice>
            ))}
          </fieldset>
          <fieldset className="site-choices">
            <legend>Accent colour</legend>
            {data.accents.map((accent) => (
              <Choice
                key={accent.name}
                type="radio"
                name="accent"
                value={accent.name}
                defaultChecked={kept("accent", settings.accent) === accent.name}
              >
                <span
                  className="site-swatch"
                  aria-hidden="true"
                  style={{
                    background: `linear-gradient(135deg, ${accent.light.accent} 50%, ${accent.dark.accent} 50%)`,
                  }}
                />
                {accent.label}
              </Choice>
            ))}
            <Choice
              type="radio"
              name="accent"
              value="custom"
              defaultChecked={kept("accent", settings.accent) === "custom"}
              aria-describedby="settings-custom-hint"
            >
              Custom
            </Choice>
            <div className="site-custom">
              <p className="field__hint" id="settings-custom-hint">
                Custom: your own colour for each scheme. Each must keep 4.5:1 contrast as text on that scheme&apos;s
                pages (WCAG AA); the server says why when one does not.
              </p>
              <CustomColour scheme="light" data={data} answer={answer} />
              <CustomColour scheme="dark" data={data} answer={answer} />
            </div>
          </fieldset>
          <fieldset className="site-choices">
            <legend>Home page opens on</legend>
            {Object.entries(data.homeTabs).map(([tab, label]) => (
              <Choice
                key={tab}
                type="radio"
                name="homeTab"
                value={tab}
                defaultChecked={kept("homeTab", settings.homeTab) === tab}
              >
                {label}
              </Choice>
            ))}
          </fieldset>
          <Choice
            id="settings-camera"
            type="checkbox"
            name="showCameraDetails"
            defaultChecked={showCamera}
            disabled={data.showExifFromEnvironment !== null}
            aria-describedby={data.showExifFromEnvironment !== null ? "settings-camera-hint" : undefined}
          >
            Show camera details under each photo
          </Choice>
          {data.showExifFromEnvironment !== null ? (
            <p id="settings-camera-hint" className="field__hint">
              SHOW_EXIF is set to {String(data.showExifFromEnvironment)} on the server: it decides instead.
            </p>
          ) : null}
          <div className="field">
            <label htmlFor="settings-footer">Footer line</label>
            <input
              id="settings-footer"
              name="footerLine"
              defaultValue={kept("footerLine", settings.footerLine)}
              maxLength={limits.footerLine}
              {...invalidProps(fieldError(answer, "footerLine"), "settings-footer")}
            />
            <FieldError id="settings-footer" message={fieldError(answer, "footerLine")} />
          </div>
          <div>
            <Button type="submit">Save settings</Button>
          </div>
        </Form>
      </section>
    </main>
  );
}

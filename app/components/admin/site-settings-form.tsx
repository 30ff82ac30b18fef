import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import type { Route } from "../../routes/+types/photography.admin.site.settings";
import { keptValue, SiteAnswer } from "./site-answer";
import { SiteSectionNav } from "./site-section-nav";

type Data = Route.ComponentProps["loaderData"];
type Answer = NonNullable<Route.ComponentProps["actionData"]> | null;

const SCHEME_LABELS = { system: "Follow the visitor's system", light: "Light", dark: "Dark" } as const;

/** The Site section's settings tab: the site's title, colours, camera details and footer line. */
export function SiteSettingsPage({ data, answer }: { data: Data; answer: Answer }) {
  const { settings, limits } = data;
  const invalid = answer && !answer.ok ? answer.field : null;
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
              aria-describedby="settings-title-hint"
              aria-invalid={invalid === "title" ? true : undefined}
            />
            <p className="field__hint" id="settings-title-hint">
              After each page&apos;s name in titles and link previews. Empty: your name.
            </p>
          </div>
          <fieldset className="site-choices">
            <legend>Colour scheme</legend>
            {data.schemes.map((scheme) => (
              <label key={scheme} className="site-choice">
                <input
                  type="radio"
                  name="colourScheme"
                  value={scheme}
                  defaultChecked={kept("colourScheme", settings.colourScheme) === scheme}
                />
                {SCHEME_LABELS[scheme]}
              </label>
            ))}
          </fieldset>
          <fieldset className="site-choices">
            <legend>Accent colour</legend>
            {data.accents.map((accent) => (
              <label key={accent.name} className="site-choice">
                <input
                  type="radio"
                  name="accent"
                  value={accent.name}
                  defaultChecked={kept("accent", settings.accent) === accent.name}
                />
                <span
                  className="site-swatch"
                  aria-hidden="true"
                  style={{
                    background: `linear-gradient(135deg, ${accent.light.accent} 50%, ${accent.dark.accent} 50%)`,
                  }}
                />
                {accent.label}
              </label>
            ))}
          </fieldset>
          <div className="site-choice">
            <input
              id="settings-camera"
              type="checkbox"
              name="showCameraDetails"
              defaultChecked={showCamera}
              disabled={data.showExifFromEnvironment !== null}
            />
            <label htmlFor="settings-camera">Show camera details under each photo</label>
          </div>
          {data.showExifFromEnvironment !== null ? (
            <p className="field__hint">
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
              aria-invalid={invalid === "footerLine" ? true : undefined}
            />
          </div>
          <div>
            <Button type="submit">Save settings</Button>
          </div>
        </Form>
      </section>
    </main>
  );
}

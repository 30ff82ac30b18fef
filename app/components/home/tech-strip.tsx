/** One icon of the strip; its URL is a hashed asset the server names. */
export interface StripTechnology {
  id: string;
  name: string;
  icon: string;
  /** A black logo: inverted on the dark scheme's dark tiles, so it stays visible. */
  darkLogo: boolean;
}

/**
 * The list twice in one track, so sliding it by half its width loops
 * seamlessly; the copy is hidden from assistive technology. Moving content
 * needs a way to stop it (WCAG 2.2.2): a checkbox styled as a pause button,
 * which CSS reads, so it works without JavaScript too.
 */
export function TechStrip({ technologies }: { technologies: StripTechnology[] }) {
  return (
    <div className="tech-strip">
      <div className="tech-strip__viewport">
        <ul className="tech-strip__track" aria-label="Technologies I work with">
          {[false, true].flatMap((isCopy) =>
            technologies.map(({ id, name, icon, darkLogo }) => (
              <li
                key={`${id}${isCopy ? "-copy" : ""}`}
                className={darkLogo ? "tech-strip__item tech-strip__item--dark-logo" : "tech-strip__item"}
                aria-hidden={isCopy || undefined}
              >
                <img src={icon} alt={isCopy ? "" : name} title={name} width="44" height="44" decoding="async" />
              </li>
            )),
          )}
        </ul>
      </div>
      <label className="tech-strip__switch">
        <input type="checkbox" className="tech-strip__pause visually-hidden" />
        <svg className="tech-strip__pause-icon" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M8 5v14M16 5v14" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
        <svg className="tech-strip__play" aria-hidden="true" viewBox="0 0 24 24">
          <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
        </svg>
        <span className="visually-hidden">Pause the moving technology strip</span>
      </label>
    </div>
  );
}

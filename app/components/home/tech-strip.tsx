import { technologies } from "~/content/technologies";

/** The list twice in one track, so sliding it by half its width loops seamlessly. The copy is hidden from assistive technology. */
export function TechStrip() {
  return (
    <div className="tech-strip">
      <ul className="tech-strip__track" aria-label="Technologies I work with">
        {[false, true].flatMap((isCopy) =>
          technologies.map(({ name, icon }) => (
            <li key={`${name}${isCopy ? "-copy" : ""}`} className="tech-strip__item" aria-hidden={isCopy || undefined}>
              <img src={icon} alt={isCopy ? "" : name} title={name} width="44" height="44" decoding="async" />
            </li>
          )),
        )}
      </ul>
    </div>
  );
}

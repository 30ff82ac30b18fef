import { owner } from "~/content/owner";

const links = [
  { href: owner.links.github, label: "GitHub", external: true },
  { href: owner.links.linkedin, label: "LinkedIn", external: true },
  { href: owner.links.email, label: "Email", external: false },
  { href: owner.links.cv, label: "CV", external: false },
];

/** The small footer on every page: the owner's links and the year. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p>
          © {new Date().getFullYear()} {owner.name}
        </p>
        <ul aria-label="Elsewhere">
          {links.map(({ href, label, external }) => (
            <li key={href}>
              <a href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                {label}
                {external && <span className="visually-hidden"> (opens in a new tab)</span>}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

import { NavLink } from "react-router";
import { ADMIN_SITE_PATH, ADMIN_SITE_PROJECTS_PATH, ADMIN_SITE_SETTINGS_PATH } from "~/lib/paths";
import "~/styles/site-section-nav.css";

const TABS = [
  { to: ADMIN_SITE_PATH, label: "Profile" },
  { to: ADMIN_SITE_PROJECTS_PATH, label: "Projects" },
  { to: ADMIN_SITE_SETTINGS_PATH, label: "Settings" },
];

/** The Site section's own tabs, under its title: plain links, so they work without JavaScript. */
export function SiteSectionNav() {
  return (
    <nav className="site-section-nav" aria-label="Site section">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink to={tab.to} end>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

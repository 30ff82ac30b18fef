import { Link, NavLink, useLocation, useRouteLoaderData } from "react-router";
import { SiteSearch, useSearchShortcut } from "~/components/search/site-search";
import { homeHref, parseHomeTab } from "~/lib/home";
import {
  ADMIN_ACCOUNT_PATH,
  ADMIN_PATH,
  ADMIN_SITE_PATH,
  ALBUMS_PATH,
  GALLERY_PATH,
  HOME_PATH,
  SEARCH_PATH,
} from "~/lib/paths";
import { LOGO_HEADER_HEIGHT, logoSizes } from "~/lib/logo";
import type { loader as rootLoader } from "~/root";
import { useClientView } from "./use-client-view";

/**
 * The header on every page, error pages included: the owner's name home, the
 * site's sections, the owner's own pages when signed in, and the search box
 * (the search page has its own). A wrapping row, so it folds onto a second
 * line on a phone without any script. A share link's client view (record 087)
 * shows the owner's logo (record 089), else their name, alone, linking nowhere.
 */
export function SiteHeader() {
  // Missing only when the root loader itself failed: the error page still gets its way out.
  const site = useRouteLoaderData<typeof rootLoader>("root");
  const location = useLocation();
  const first = site?.site.homeTab ?? "projects";
  const onProjects =
    location.pathname === HOME_PATH &&
    parseHomeTab(new URLSearchParams(location.search).get("tab"), first) === "projects";
  useSearchShortcut();
  const clientView = useClientView();
  if (clientView) {
    return (
      <header className="site-header">
        <div className="site-header__inner">
          <span className="site-header__home">
            {site?.logo ? (
              <img
                className="site-header__logo"
                src={site.logo.url}
                srcSet={site.logo.srcset}
                sizes={logoSizes(site.logo, LOGO_HEADER_HEIGHT)}
                width={site.logo.width}
                height={site.logo.height}
                alt={site.site.name}
              />
            ) : (
              site?.site.name
            )}
          </span>
        </div>
      </header>
    );
  }
  return (
    <header className={site?.signedIn ? "site-header site-header--owner" : "site-header"}>
      <div className="site-header__inner">
        <Link to={HOME_PATH} className="site-header__home">
          {site?.site.name ?? "Home"}
        </Link>
        <nav className="site-header__nav" aria-label="Site">
          <ul>
            <li>
              <Link
                to={`${homeHref("projects", false, first)}#projects`}
                aria-current={onProjects ? "page" : undefined}
              >
                Projects
              </Link>
            </li>
            <li>
              <NavLink to={GALLERY_PATH} end>
                Photography
              </NavLink>
            </li>
            <li>
              <NavLink to={ALBUMS_PATH}>Albums</NavLink>
            </li>
          </ul>
          {site?.signedIn ? (
            <ul aria-label="Admin" className="site-header__admin">
              <li>
                <NavLink to={ADMIN_PATH} end>
                  Dashboard
                </NavLink>
              </li>
              <li>
                <NavLink to={ADMIN_SITE_PATH}>Site</NavLink>
              </li>
              <li>
                <NavLink to={ADMIN_ACCOUNT_PATH}>Account</NavLink>
              </li>
            </ul>
          ) : null}
        </nav>
        {location.pathname === SEARCH_PATH ? null : <SiteSearch />}
      </div>
    </header>
  );
}

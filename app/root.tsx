import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { useEffect } from "react";
import { AuthProvider } from "~/components/auth";
import { ErrorBoundaryPage } from "~/components/error-page";
import { useNonce } from "~/components/nonce";
import { SITE_FOOTER_ID, SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { accentColours, accentStyle, DEFAULT_ACCENT } from "~/lib/accent-palette";
import { isScriptRequest } from "~/lib/paths";
import { isUnansweredAction } from "~/lib/unanswered-action";
import { requestAccess } from "~/server/access/access.server";
import { publicSite } from "~/server/site/site-content.server";
import { readLogo } from "~/server/site/site-logo.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import type { Route } from "./+types/root";
import "./app.css";
import "./styles/ui.css";
import "./styles/error.css";
// The same file app.css's @font-face names (one hashed asset): preloaded so the text font is there at first paint.
import textFontUrl from "@fontsource-variable/instrument-sans/files/instrument-sans-latin-wght-normal.woff2?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: textFontUrl, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

/**
 * The site's origin, for the absolute URLs in every page's meta tags (see
 * `pageMeta`); the site's own content every page shows (the owner's name and
 * links, the title, the colour scheme and accent: `useSite`; the logo a client
 * view draws in place of the name); and whether the owner is signed in (their
 * own links).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const site = publicSite();
  // Written here from the fixed palette, so the palette's code stays out of the visitor's bundle.
  const accentCss = site.accent === DEFAULT_ACCENT ? null : accentStyle(accentColours(site.accent, site.customAccent));
  return {
    origin: siteOrigin(request),
    site,
    logo: readLogo(),
    accentCss,
    signedIn: (await requestAccess(request)).owner,
  };
}

/**
 * Neither the origin nor the site's content changes while a page is open;
 * signing in or out and the Site section's saves are a page's form, after
 * which the root asks again. A page script's own posts change neither.
 */
export function shouldRevalidate({ formMethod, formAction, currentUrl, actionResult }: ShouldRevalidateFunctionArgs) {
  if (isUnansweredAction(actionResult)) return false;
  return formMethod !== undefined && formAction !== undefined && !isScriptRequest(new URL(formAction, currentUrl));
}

/**
 * Marks a browser that runs JavaScript before anything is drawn, so CSS shows
 * the JavaScript layout from the first paint (`.js-only`, `.no-js-only` in app.css).
 */
const MARK_HAS_JS = `document.documentElement.classList.add("has-js")`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const scheme = root?.site.colourScheme ?? "system";
  // The page's last effect of its first render: from here on every control is React's, its handlers and refs in
  // place. The end-to-end tests wait for this mark (tests/e2e/fixtures.ts, waitForHydration).
  useEffect(() => document.documentElement.setAttribute("data-hydrated", ""), []);
  return (
    // The class the script adds is not React's to hydrate. The owner's colour scheme is an attribute
    // the CSS reads (app.css), so it applies from the first paint, without JavaScript.
    <html lang="en" data-scheme={scheme === "system" ? undefined : scheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_HAS_JS }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={scheme === "system" ? "light dark" : scheme} />
        {/* No frame until the footer is parsed: a busy server or a slow network delivers a page in pieces, and a
            header drawn with half its links moved when the rest came (a layout shift; record 091). */}
        <link rel="expect" href={`#${SITE_FOOTER_ID}`} blocking="render" />
        <Meta />
        <Links />
        {root?.accentCss ? (
          // Written from the palette (accent-palette.ts) or the owner's colours, which the settings' schema holds to #rrggbb.
          <style dangerouslySetInnerHTML={{ __html: root.accentCss }} />
        ) : null}
      </head>
      <body>
        <SiteHeader />
        <div className="site-main">{children}</div>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorBoundaryPage error={error} />;
}

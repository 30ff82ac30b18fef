import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { AuthProvider } from "~/components/auth";
import { ErrorBoundaryPage } from "~/components/error-page";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
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

/** The site's origin, for the absolute URLs in every page's meta tags (see `pageMeta`). */
export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

/** The origin cannot change while a page is open: navigations need not ask for it again. */
export function shouldRevalidate() {
  return false;
}

/**
 * Marks a browser that runs JavaScript before anything is drawn, so CSS shows
 * the JavaScript layout from the first paint (`.js-only`, `.no-js-only` in app.css).
 */
const MARK_HAS_JS = `document.documentElement.classList.add("has-js")`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    // The class the script adds is not React's to hydrate.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: MARK_HAS_JS }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
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

import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { AuthProvider } from "~/components/auth";
import { ErrorPage } from "~/components/error-page";
import { useNonce } from "~/components/nonce";
import { siteOrigin } from "~/server/site-origin.server";
import type { Route } from "./+types/root";
import "./app.css";
import "./styles/error.css";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The site's origin, for the absolute URLs in every page's meta tags (see `pageMeta`). */
export function loader({ request }: Route.LoaderArgs) {
  return { origin: siteOrigin(request) };
}

/** The origin cannot change while a page is open: navigations need not ask for it again. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
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
  return <ErrorPage error={error} />;
}

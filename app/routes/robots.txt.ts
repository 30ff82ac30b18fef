import { href } from "react-router";
import { ADMIN_PATH } from "~/lib/paths";
import { siteOrigin } from "~/server/http/site-origin.server";

export function loader({ request }: { request: Request }) {
  const origin = siteOrigin(request);
  const body = [
    "User-agent: *",
    `Disallow: ${ADMIN_PATH}`,
    "Disallow: /api/",
    `Sitemap: ${origin}${href("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

import { siteOrigin } from "~/server/site-origin.server";

export function loader({ request }: { request: Request }) {
  const origin = siteOrigin(request);
  const body = ["User-agent: *", "Disallow: /photography/admin", "Disallow: /api/", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}

import { checkHealth } from "~/server/ops/health.server";
import { methodNotAllowed } from "~/server/http/http.server";

export async function loader() {
  const { ok, ...parts } = await checkHealth();
  return Response.json(
    { status: ok ? "ok" : "unavailable", ...parts },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const action = methodNotAllowed("GET");

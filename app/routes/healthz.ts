import { db } from "~/server/db.server";
import { methodNotAllowed } from "~/server/http.server";
import { storageWritable } from "~/server/storage.server";

export async function loader() {
  let database = false;
  try {
    database = db().$client.prepare("SELECT 1 AS ok").get() !== undefined;
  } catch {
    database = false;
  }
  const storage = await storageWritable();
  const ok = database && storage;
  return Response.json(
    { status: ok ? "ok" : "unavailable", database, storage },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}

export const action = methodNotAllowed("GET");

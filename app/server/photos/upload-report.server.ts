/**
 * The per-file results of a plain-form upload (the dashboard without
 * JavaScript) travel across its Post/Redirect/Get in a short-lived signed
 * cookie that the dashboard reads once: a refresh or the back button then
 * shows the dashboard, not the results again, and never resends the files.
 * A cookie holds about 4 KB: past that the list is cut, and the dashboard
 * says how many files it does not name (docs/decisions/007).
 */
import { inArray } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Image } from "~/lib/image";
import { ADMIN_PATH } from "~/lib/paths";
import { secureFor } from "~/server/http/security.server";
import type { UploadResult } from "./image-upload.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";
import { db } from "~/server/data/db.server";
import { images } from "~/server/data/schema";
import { OWNER } from "~/server/access/access.server";
import { toImages } from "./image-json.server";
import type { HiddenBy } from "~/lib/album-privacy";

export type UploadSummary =
  | { ok: true; filename: string; name: string; id: number }
  /** duplicateOf: the photo already in the gallery, for a refused duplicate. */
  | { ok: false; filename: string; reason: string; duplicateOf?: number };

/**
 * What the dashboard shows after a plain-form upload; `results` may name fewer files than `total`; `hidden`: how
 * many an unlisted or private album hid (record 067).
 */
export type UploadReport =
  | { stored: number; total: number; results: UploadSummary[]; hidden?: { count: number; by: HiddenBy } }
  | { error: string };

/** Under the 4096 bytes every browser keeps for one cookie, attributes included. */
const MAX_COOKIE_BYTES = 4000;

let reportCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  reportCookie ??= createCookie("__upload_report", {
    httpOnly: true,
    sameSite: "lax",
    path: ADMIN_PATH,
    maxAge: 60,
    secrets: sessionSecrets(),
  });
  return reportCookie;
}

export function summarizeUpload(results: UploadResult[]): UploadReport {
  if (results.length === 0) return { error: "Choose at least one image to upload." };
  const hiddenBy = results.flatMap((result) => (result.ok && result.hiddenBy ? [result.hiddenBy] : []));
  return {
    ...(hiddenBy.length ? { hidden: { count: hiddenBy.length, by: hiddenBy[0]! } } : {}),
    stored: results.filter((result) => result.ok).length,
    total: results.length,
    results: results.map((result) =>
      result.ok
        ? { ok: true, filename: result.filename, name: result.image.name, id: result.image.id }
        : {
            ok: false,
            filename: result.filename,
            reason: result.error.message,
            ...(result.error.status === 409 && typeof result.error.extra.id === "number"
              ? { duplicateOf: result.error.extra.id }
              : {}),
          },
    ),
  };
}

/** The Set-Cookie that carries the report to the dashboard. */
export async function uploadReportCookie(request: Request, report: UploadReport): Promise<string> {
  const secure = secureFor(request);
  let kept = report;
  for (;;) {
    const header = await cookie().serialize(kept, { secure });
    if (header.length <= MAX_COOKIE_BYTES || !("results" in kept) || kept.results.length === 0) return header;
    kept = { ...kept, results: kept.results.slice(0, -1) };
  }
}

/** The report waiting for the dashboard, if any, and the Set-Cookie that consumes it. */
export async function takeUploadReport(request: Request): Promise<{ report: UploadReport; clear: string } | null> {
  const report = (await cookie().parse(request.headers.get("cookie"))) as UploadReport | null;
  if (!report || typeof report !== "object") return null;
  return { report, clear: await cookie().serialize("", { maxAge: 0, secure: secureFor(request) }) };
}

/** The photos a report names as added, in its order, for the summary's thumbnails; one deleted since is left out. */
export function addedImages(report: UploadReport): Image[] {
  if (!("results" in report)) return [];
  const ids = report.results.flatMap((result) => (result.ok ? [result.id] : []));
  if (!ids.length) return [];
  const found = new Map(
    toImages(db().select().from(images).where(inArray(images.id, ids)).all(), OWNER).map((image) => [image.id, image]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

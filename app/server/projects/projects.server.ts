/**
 * The project cards: reading them for pages and the API, and the owner's
 * edits. Their media are written by project-media.server.ts.
 */
import { and, asc, count, eq, lt, max, or } from "drizzle-orm";
import type { ProjectCardData, ProjectCardMedia } from "~/lib/projects";
import { HttpError } from "~/server/core/http-error.server";
import { db } from "~/server/data/db.server";
import { projects, type ProjectMedia, type ProjectRow } from "~/server/data/schema";
import { publicMediaUrl } from "~/server/photos/image-json.server";
import { markForRemoval } from "~/server/storage/storage-sweep.server";
import { removeStored } from "~/server/storage/store-folder.server";
import type { ProjectInput } from "./project-input.server";

/** Room between two neighbours' positions, so a move is one write until a gap closes. */
export const POSITION_GAP = 1024;

/** A hidden card's files are the owner's alone (media-access.server.ts): never through the CDN's address. */
function mediaFileUrl(key: string, file: string, hidden: boolean): string {
  return hidden ? `/media/${key}/${file}` : publicMediaUrl(key, file);
}

function toCardMedia(media: ProjectMedia, alt: string, hidden: boolean): ProjectCardMedia {
  const still = (width: number) => mediaFileUrl(media.key, `w${width}.webp`, hidden);
  const largest = media.widths[media.widths.length - 1]!;
  const size = { width: media.width, height: media.height };
  if (media.kind === "video" && media.video) {
    const { video } = media;
    return {
      kind: "video",
      src: mediaFileUrl(media.key, `video.${video}`, hidden),
      type: `video/${video}`,
      poster: still(largest),
      label: alt,
      ...size,
    };
  }
  return {
    kind: "image",
    src: still(largest),
    srcset: media.widths.map((w) => `${still(w)} ${w}w`).join(", "),
    alt,
    ...size,
  };
}

export function toProjectCard(row: ProjectRow): ProjectCardData {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    tags: row.tags,
    demoUrl: row.demoUrl,
    codeUrl: row.codeUrl,
    media: row.media ? toCardMedia(row.media, row.mediaAlt, row.hidden) : null,
  };
}

/**
 * The owner's view adds what visitors never see. `position` is the card's place in the owner's order, 1 first, as
 * PUT takes it (the stored key, spaced for cheap moves, is internal): a project read and written back stays put.
 */
export function toProjectAdmin(row: ProjectRow) {
  return withPlace(row, projectPlace(row));
}

/** Every card, hidden ones too, in the owner's order, as the owner sees them. */
export function adminProjects() {
  return listProjectRows({ includeHidden: true }).map((row, index) => withPlace(row, index + 1));
}

function withPlace(row: ProjectRow, place: number) {
  return { ...toProjectCard(row), hidden: row.hidden, mediaAlt: row.mediaAlt, position: place };
}

/** How many cards come before this one in the owner's order (by position, then id), plus one. */
function projectPlace(row: ProjectRow): number {
  const before = or(
    lt(projects.position, row.position),
    and(eq(projects.position, row.position), lt(projects.id, row.id)),
  );
  return (db().select({ before: count() }).from(projects).where(before).get()?.before ?? 0) + 1;
}

export function listProjectRows({ includeHidden }: { includeHidden: boolean }): ProjectRow[] {
  const rows = db().select().from(projects).orderBy(asc(projects.position), asc(projects.id)).all();
  return includeHidden ? rows : rows.filter((row) => !row.hidden);
}

/** The home page's cards: the visible ones, in the owner's order. */
export function visibleProjectCards(): ProjectCardData[] {
  return listProjectRows({ includeHidden: false }).map(toProjectCard);
}

export function findProjectRow(id: number): ProjectRow {
  const row = db().select().from(projects).where(eq(projects.id, id)).get();
  if (!row) throw new HttpError(404, `Project ${id} not found.`);
  return row;
}

type NewProject = ProjectInput & { name: string; demoUrl: string };

export function createProject(input: NewProject): ProjectRow {
  return db().transaction(() => {
    const last =
      db()
        .select({ position: max(projects.position) })
        .from(projects)
        .get()?.position ?? 0;
    const now = new Date();
    const { position, ...fields } = input;
    const row = db()
      .insert(projects)
      .values({ tags: [], ...fields, position: last + POSITION_GAP, createdAt: now, updatedAt: now })
      .returning()
      .get();
    if (position) placeProject(row.id, position);
    return findProjectRow(row.id);
  });
}

/** All the given fields or none. */
export function updateProject(id: number, input: ProjectInput): ProjectRow {
  return db().transaction(() => {
    findProjectRow(id);
    const { position, ...fields } = input;
    db()
      .update(projects)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(projects.id, id))
      .run();
    if (position) placeProject(id, position);
    return findProjectRow(id);
  });
}

/**
 * Puts the project at `place` (1 first; past the end is last) between its new
 * neighbours' positions: one write while there is a gap, all renumbered once
 * one closes.
 */
export function placeProject(id: number, place: number): void {
  db().transaction(() => {
    const others = listProjectRows({ includeHidden: true }).filter((row) => row.id !== id);
    const index = Math.min(Math.max(place, 1), others.length + 1) - 1;
    const before = others[index - 1]?.position;
    const after = others[index]?.position;
    const low = before ?? (after ?? POSITION_GAP) - 2 * POSITION_GAP;
    const high = after ?? low + 2 * POSITION_GAP;
    if (high - low >= 2) {
      setPosition(id, Math.floor((low + high) / 2));
      return;
    }
    const order = others.map((row) => row.id);
    order.splice(index, 0, id);
    order.forEach((rowId, i) => setPosition(rowId, (i + 1) * POSITION_GAP));
  });
}

function setPosition(id: number, position: number): void {
  db().update(projects).set({ position }).where(eq(projects.id, id)).run();
}

/** One place up or down the order (the page's plain forms). */
export function moveProject(id: number, step: "up" | "down"): void {
  db().transaction(() => {
    const order = listProjectRows({ includeHidden: true }).map((row) => row.id);
    const index = order.indexOf(id);
    if (index === -1) throw new HttpError(404, `Project ${id} not found.`);
    placeProject(id, step === "up" ? index : index + 2);
  });
}

/** The row goes with its media's key journalled, then the files; a store that is down leaves them to the sweep. */
export async function deleteProject(id: number): Promise<void> {
  const media = db().transaction(() => {
    const row = findProjectRow(id);
    db().delete(projects).where(eq(projects.id, id)).run();
    if (row.media) markForRemoval(row.media.key);
    return row.media;
  });
  if (media) await removeStored(media.key);
}

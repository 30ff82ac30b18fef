/**
 * What an album's card shows beyond the album itself: the months its photos
 * were taken in, and where its cover's subject is, so the crop keeps it.
 */
import type { Album } from "./album";

/** The subject's centre as fractions of the photo's width and height (0–1). */
export interface Focus {
  x: number;
  y: number;
}

/** Months as "YYYY-MM", by the camera's clock. */
export interface MonthRange {
  first: string;
  last: string;
}

export interface AlbumCardData {
  album: Album;
  /** The first and last month its photos were taken in; null when none says. */
  taken: MonthRange | null;
  /** The cover's subject; null when it was never found (the crop stays centred). */
  coverFocus: Focus | null;
}

const MONTHS = new Intl.DateTimeFormat("en-GB", { month: "long", timeZone: "UTC" });

function monthName(month: string): string {
  return MONTHS.format(new Date(`${month}-01T00:00:00Z`));
}

/** "May 2025", "May–June 2025", or "December 2024–January 2025". */
export function monthRangeText({ first, last }: MonthRange): string {
  const [firstYear, lastYear] = [first.slice(0, 4), last.slice(0, 4)];
  if (first === last) return `${monthName(first)} ${firstYear}`;
  if (firstYear === lastYear) return `${monthName(first)}–${monthName(last)} ${lastYear}`;
  return `${monthName(first)} ${firstYear}–${monthName(last)} ${lastYear}`;
}

/** Where a visible window of `visible` (a fraction) starts so the focus is centred, as object-position's percentage. */
function windowPosition(focus: number, visible: number): number {
  const start = Math.min(Math.max(focus - visible / 2, 0), 1 - visible);
  return Math.round((start / (1 - visible)) * 100);
}

/**
 * The `object-position` that keeps `focus` as central as the crop allows when
 * a `width`×`height` photo covers a box of `boxAspect` (width / height).
 */
export function coverPosition(width: number, height: number, focus: Focus | null, boxAspect: number): string {
  const aspect = width / height;
  if (!focus || Math.abs(aspect - boxAspect) < 0.01) return "50% 50%";
  return aspect > boxAspect
    ? `${windowPosition(focus.x, boxAspect / aspect)}% 50%`
    : `50% ${windowPosition(focus.y, aspect / boxAspect)}%`;
}

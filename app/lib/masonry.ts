/**
 * A masonry that reads like text: photo 1, 2, 3 across the top row, then each
 * photo into the shortest column. The places are computed here, from the known
 * aspect ratios, for each column count the layout uses; CSS picks the count for
 * the width and turns a place into a position. So the server renders the same
 * layout as the browser, without JavaScript too, the DOM (and tab) order is the
 * reading order, and appending a batch continues the columns where they end.
 */

/** The column counts gallery.css switches between, narrowest first. */
export const MASONRY_COLUMN_COUNTS = [1, 2, 3] as const;
export type ColumnCount = (typeof MASONRY_COLUMN_COUNTS)[number];

/**
 * The gap as a share of a column's width, to compare columns while placing:
 * the real gap is fixed in CSS, so this only breaks near-ties and never
 * misplaces a pixel (positions are computed from the real sizes in CSS).
 */
const GAP_SHARE = 0.04;

/** Where a photo sits for one column count: its column, and what lies above it in that column. */
export interface Place {
  column: number;
  /** Sum of height/width of the photos above: times the column width gives their height. */
  ratioAbove: number;
  /** How many photos are above: times the gap gives the gaps between them. */
  countAbove: number;
}

interface Column {
  ratio: number;
  count: number;
}

export interface MasonryLayout {
  /** One entry per photo, in the given order, each with its place for every column count. */
  places: Record<ColumnCount, Place>[];
  /** Each column count's columns, bottom edges, for the container's height. */
  columns: Record<ColumnCount, Column[]>;
}

/** The column with the least above it; the leftmost of equals, so the top row fills left to right. */
function shortestColumn(columns: Column[]): number {
  const height = (column: Column) => column.ratio + column.count * GAP_SHARE;
  return columns.reduce((best, column, index) => (height(column) < height(columns[best]!) - 1e-9 ? index : best), 0);
}

/** Places the photos, in order, into the columns of every column count. */
export function placeMasonry(photos: readonly { width: number; height: number }[]): MasonryLayout {
  const columns = Object.fromEntries(
    MASONRY_COLUMN_COUNTS.map((count) => [count, Array.from({ length: count }, () => ({ ratio: 0, count: 0 }))]),
  ) as Record<ColumnCount, Column[]>;
  const places = photos.map((photo) => {
    const ratio = photo.width > 0 ? photo.height / photo.width : 1;
    return Object.fromEntries(
      MASONRY_COLUMN_COUNTS.map((count) => {
        const index = shortestColumn(columns[count]);
        const column = columns[count][index]!;
        const place: Place = { column: index, ratioAbove: column.ratio, countAbove: column.count };
        column.ratio += ratio;
        column.count += 1;
        return [count, place];
      }),
    ) as Record<ColumnCount, Place>;
  });
  return { places, columns };
}

/** A length in CSS: so many column widths plus so many gaps. */
function columnLength(ratio: number, count: number): string {
  return `calc(${round(ratio)} * var(--column-width) + ${count} * var(--gap))`;
}

function round(value: number): number {
  return Math.round(value * 10000) / 10000;
}

/** The custom properties gallery.css positions one photo with: `--column-N` and `--top-N` for each column count N. */
export function placeStyle(place: Record<ColumnCount, Place>): Record<string, string | number> {
  return Object.fromEntries(
    MASONRY_COLUMN_COUNTS.flatMap((count) => {
      const { column, ratioAbove, countAbove } = place[count];
      return [
        [`--column-${count}`, column],
        [`--top-${count}`, columnLength(ratioAbove, countAbove)],
      ];
    }),
  );
}

/** The container's height for each column count, `--height-N`: its tallest column, gaps between photos only. */
export function containerStyle(columns: Record<ColumnCount, Column[]>): Record<string, string> {
  return Object.fromEntries(
    MASONRY_COLUMN_COUNTS.map((count) => {
      const bottoms = columns[count]
        .filter((column) => column.count > 0)
        .map((column) => columnLength(column.ratio, column.count - 1));
      return [`--height-${count}`, bottoms.length ? `max(${bottoms.join(", ")})` : "0px"];
    }),
  );
}

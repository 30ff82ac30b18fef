import { describe, expect, it } from "vitest";
import { containerStyle, placeMasonry, placeStyle } from "~/lib/masonry";

const landscape = { width: 3000, height: 2000 };
const portrait = { width: 2000, height: 3000 };
const square = { width: 1000, height: 1000 };

describe("placeMasonry", () => {
  it("fills the top row left to right with the first photos", () => {
    const { places } = placeMasonry([portrait, landscape, square, landscape]);
    expect(places.slice(0, 3).map((place) => place[3].column)).toEqual([0, 1, 2]);
    expect(places.slice(0, 3).every((place) => place[3].countAbove === 0)).toBe(true);
    expect(places.slice(0, 2).map((place) => place[2].column)).toEqual([0, 1]);
  });

  it("puts each next photo into the shortest column", () => {
    const { places } = placeMasonry([portrait, landscape, square, landscape]);
    // Three columns: the landscape (1 above: 0.667) is the shortest.
    expect(places[3]![3]).toEqual({ column: 1, ratioAbove: 2 / 3, countAbove: 1 });
    // Two columns: the square went under the landscape; now the portrait's column (1.5) is shorter than 1.667.
    expect(places[3]![2]).toEqual({ column: 0, ratioAbove: 1.5, countAbove: 1 });
  });

  it("places a longer list exactly as the shorter one, plus the new photos: a batch continues the columns", () => {
    const photos = Array.from({ length: 60 }, (_, index) => [portrait, landscape, square][index % 3]!);
    const all = placeMasonry(photos).places;
    expect(placeMasonry(photos.slice(0, 24)).places).toEqual(all.slice(0, 24));
  });

  it("turns a place into the custom properties gallery.css reads", () => {
    const { places, columns } = placeMasonry([portrait, landscape]);
    expect(placeStyle(places[1]!)).toMatchObject({ "--column-1": 0, "--column-2": 1, "--column-3": 1 });
    expect(placeStyle(places[1]!)["--top-1"]).toBe("calc(1.5 * var(--column-width) + 1 * var(--gap))");
    expect(containerStyle(columns)["--height-1"]).toBe("max(calc(2.1667 * var(--column-width) + 1 * var(--gap)))");
  });
});

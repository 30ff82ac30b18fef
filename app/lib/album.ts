import type { Image } from "./image";

/** An album as the API and the pages see it. */
export interface Album {
  id: number;
  slug: string;
  name: string;
  description: string;
  /** The cover photo: the one chosen, else the album's newest; null for an empty album. */
  cover: Image | null;
  /** How many photos it holds. */
  count: number;
  /** How it lists its photos: the owner's order (manual) or by a date, newest (desc) or oldest (asc) first. */
  sort: "manual" | "uploaded_at" | "taken_at";
  sortOrder: "desc" | "asc";
  /** Where a photo added to it goes in its manual order. */
  addTo: "end" | "start";
  /** ISO 8601. */
  created_at: string;
  /** `unlisted`: anyone with its address, never listed; `private`: the owner only. */
  visibility: "public" | "unlisted" | "private";
}

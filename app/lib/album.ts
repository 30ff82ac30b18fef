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
  /** ISO 8601. */
  created_at: string;
}

/** The select mode's form and its answers, shared by the page (select-bar.tsx) and its action (batch-form.server.ts). */
import type { HiddenBy } from "./album-privacy";

/** `?select=1` shows the checkboxes; `?select=all` shows them all ticked (the no-JS "Select all on this page"). */
export const SELECT_PARAM = "select";

export const BATCH_OPERATIONS = [
  { value: "add-to-album", label: "Add to album" },
  { value: "remove-from-album", label: "Remove from this album" },
  { value: "set-description", label: "Set the description" },
  { value: "set-visibility", label: "Set visibility" },
  { value: "edit-tags", label: "Add or remove tags" },
  { value: "delete", label: "Delete" },
] as const;

export type BatchOperation = (typeof BATCH_OPERATIONS)[number]["value"];

export interface BatchFailure {
  id: number;
  message: string;
}

/** What the page shows after the form: the result, the delete's confirmation step, or the refusal. */
export type BatchFormAnswer =
  | {
      batch: "done";
      operation: BatchOperation;
      /** What "Set visibility" set, for the result line. */
      visibility?: "public" | "hidden";
      changed: number;
      /** "Add to album": how many the album's privacy hid, and the album. */
      hidden?: { count: number; by: HiddenBy };
      failures: BatchFailure[];
    }
  | { batch: "confirm"; ids: number[] }
  | { batch: "refused"; message: string };

export function isBatchAnswer(data: unknown): data is BatchFormAnswer {
  return typeof data === "object" && data !== null && "batch" in data;
}

export function photoCount(count: number): string {
  return count === 1 ? "1 photo" : `${count} photos`;
}

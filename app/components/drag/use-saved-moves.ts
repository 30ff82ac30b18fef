import { useCallback, useState } from "react";

interface Named {
  id: number;
  name: string;
}

export type MoveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; message: string; undo?: () => void }
  | { state: "failed"; message: string };

/**
 * Saves `item` at index `to` of `order` (the order after the move) on the
 * server; answers its place there (1 first), or throws with the refusal.
 */
export type SaveMove<T> = (item: T, to: number, order: T[]) => Promise<number>;

/** A refused request's reason: the JSON answer's message, else its status. */
export async function answerOf<A>(response: Response): Promise<A> {
  const answer = (await response.json().catch(() => ({}))) as A & { message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}`);
  return answer;
}

/**
 * Saves each drop at once (`saveMove`), reorders the list in place
 * (`reorder`), puts it back if the server refuses, and offers undo of the last move.
 * `saveMove` must be stable (module-level or memoised).
 */
export function useSavedMoves<T extends Named>(
  saveMove: SaveMove<T>,
  items: T[],
  reorder: (id: number, toIndex: number) => void,
) {
  const [status, setStatus] = useState<MoveStatus>({ state: "idle" });

  const save = useCallback(
    async (item: T, from: number, to: number, after: T[], undoing: boolean) => {
      reorder(item.id, to);
      setStatus({ state: "saving" });
      try {
        const place = await saveMove(item, to, after);
        if (undoing) {
          setStatus({ state: "saved", message: `Move undone: “${item.name}” is back at place ${place}.` });
          return;
        }
        const undoOrder = after.filter((other) => other.id !== item.id);
        undoOrder.splice(from, 0, item);
        setStatus({
          state: "saved",
          message: `Moved “${item.name}” to place ${place}.`,
          undo: () => void save(item, to, from, undoOrder, true),
        });
      } catch (error) {
        reorder(item.id, from);
        setStatus({ state: "failed", message: `The move was not saved: ${(error as Error).message}` });
      }
    },
    [saveMove, reorder],
  );

  const move = useCallback(
    (id: number, to: number) => {
      const from = items.findIndex((item) => item.id === id);
      if (from < 0 || from === to) return;
      const after = items.filter((item) => item.id !== id);
      after.splice(to, 0, items[from]!);
      void save(items[from]!, from, to, after, false);
    },
    [items, save],
  );

  return { status, move };
}

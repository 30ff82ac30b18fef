import { useCallback, useState } from "react";
import type { Image } from "~/lib/image";

/** Where a photo goes, as `POST /api/album/{id}/order` takes it: beside one of its new neighbours. */
type MoveTarget = { before: number } | { after: number };

export type MoveStatus =
  | { state: "idle" }
  | { state: "saving" }
  | { state: "saved"; message: string; undo?: () => void }
  | { state: "failed"; message: string };

/** The target that puts the photo at `index` of `order` (the order after the move). */
function targetAt(order: Image[], index: number): MoveTarget {
  const earlier = order[index - 1];
  return earlier ? { after: earlier.id } : { before: order[index + 1]!.id };
}

async function postMove(moveUrl: string, imageId: number, target: MoveTarget): Promise<number> {
  const response = await fetch(moveUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ imageId, ...target }),
  });
  const answer = (await response.json().catch(() => ({}))) as { position?: number; message?: string };
  if (!response.ok) throw new Error(answer.message ?? `The server answered ${response.status}`);
  return answer.position!;
}

/**
 * Saves each drop at once through the order API, reorders the list in place
 * (`reorder`), puts it back if the server refuses, and offers undo of the last move.
 */
export function useSavedMoves(moveUrl: string, images: Image[], reorder: (id: number, toIndex: number) => void) {
  const [status, setStatus] = useState<MoveStatus>({ state: "idle" });

  const save = useCallback(
    async (image: Image, from: number, to: number, after: Image[], undoing: boolean) => {
      reorder(image.id, to);
      setStatus({ state: "saving" });
      try {
        const place = await postMove(moveUrl, image.id, targetAt(after, to));
        if (undoing) {
          setStatus({ state: "saved", message: `Move undone: “${image.name}” is back at place ${place}.` });
          return;
        }
        const undoOrder = after.filter((other) => other.id !== image.id);
        undoOrder.splice(from, 0, image);
        setStatus({
          state: "saved",
          message: `Moved “${image.name}” to place ${place}.`,
          undo: () => void save(image, to, from, undoOrder, true),
        });
      } catch (error) {
        reorder(image.id, from);
        setStatus({ state: "failed", message: `The move was not saved: ${(error as Error).message}` });
      }
    },
    [moveUrl, reorder],
  );

  const move = useCallback(
    (id: number, to: number) => {
      const from = images.findIndex((image) => image.id === id);
      if (from < 0 || from === to) return;
      const after = images.filter((image) => image.id !== id);
      after.splice(to, 0, images[from]!);
      void save(images[from]!, from, to, after, false);
    },
    [images, save],
  );

  return { status, move };
}

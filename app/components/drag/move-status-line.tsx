import { Button } from "~/components/ui/button";
import type { MoveStatus } from "./use-saved-moves";

/** The last drop's answer under a sortable list: saving, saved with Undo, or why it was put back. */
export function MoveStatusLine({ status }: { status: MoveStatus }) {
  return (
    <div className="move-status" role="status">
      {status.state === "saving" ? <p>Saving the new order…</p> : null}
      {status.state === "saved" ? (
        <p>
          {status.message}
          {status.undo ? (
            <Button variant="secondary" onClick={status.undo}>
              Undo
            </Button>
          ) : null}
        </p>
      ) : null}
      {status.state === "failed" ? <p className="move-status__error">{status.message}</p> : null}
    </div>
  );
}

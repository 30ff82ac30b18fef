import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { selectionFormPath } from "~/lib/paths";
import { chosenText, MAX_NOTE_LENGTH, ruleText, sendRefusal } from "~/lib/selection";
import { formatInZone } from "~/lib/time-zone";
import { useFavourites } from "./favourites-context";

/**
 * Under the favourites' count, for a named visitor (record 080): the link's
 * number to choose with the live count, then "Send my selection" with a
 * note; once sent, "Sent on …" and the hearts locked; reopened by the owner,
 * the form again. A plain form with JavaScript too (the page's whole state
 * changes, and the action is a resource route): the script only keeps the
 * count live.
 */
export function SelectionPanel() {
  const favourites = useFavourites();
  const location = useLocation();
  if (!favourites) return null;
  const { selection, count, name } = favourites;
  const rule = selection.rule;
  const ruleLine = rule ? (
    <p className="selection-rule">
      <strong>{ruleText(rule)}</strong>
      {/* Counted by the server on every page; the page's script keeps it live as hearts change. */}
      <span className="selection-rule__count">{chosenText(count, rule)}</span>
    </p>
  ) : null;
  if (selection.state === "sent") {
    return (
      <div className="selection selection--sent">
        {ruleLine}
        <p className="selection-sent" role="status">
          {`Sent on ${formatInZone(selection.sentAt!, selection.zone)}.`} Your favourites and comments are locked; ask
          the photographer to reopen your selection if you want to change it.
        </p>
      </div>
    );
  }
  const blocked = sendRefusal(count, rule);
  return (
    <div className="selection">
      {ruleLine}
      {selection.state === "reopened" ? (
        <p className="selection-reopened">The photographer reopened your selection: change it and send it again.</p>
      ) : null}
      {name ? (
        <form method="post" action={selectionFormPath(favourites.albumSlug)} className="selection-send">
          <input type="hidden" name="intent" value="send" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <div className="field">
            <label htmlFor="selection-note">A note for the photographer (optional)</label>
            <textarea id="selection-note" name="note" rows={2} maxLength={MAX_NOTE_LENGTH} />
          </div>
          <Button type="submit" aria-describedby={blocked ? "selection-blocked" : undefined}>
            Send my selection
          </Button>
          {blocked ? (
            <p id="selection-blocked" className="field__hint">
              {blocked}
            </p>
          ) : null}
        </form>
      ) : null}
    </div>
  );
}

import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";

/** The owner's time zone as the page's loader gives it (share-time-zone.server.ts), with the zones to choose from. */
export interface OwnerTimeZone {
  zone: string;
  /** False: nobody chose one yet, and `zone` is the server's. */
  chosen: boolean;
  zones: string[];
}

/**
 * The zone the page's times are entered in: the owner's choice; before they
 * made one, the server's, or once JavaScript runs the browser's, which is
 * more likely the owner's own.
 */
export function useEntryZone({ zone, chosen, zones }: OwnerTimeZone): string {
  const [shown, setShown] = useState(zone);
  useEffect(() => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!chosen && browser && zones.includes(browser)) setShown(browser);
  }, [chosen, zones]);
  return shown;
}

/** The owner's time zone, for every album's links: a plain form. */
export function TimeZoneForm({ timeZone }: { timeZone: OwnerTimeZone }) {
  const shown = useEntryZone(timeZone);
  return (
    <Form method="post" className="share-time-zone">
      <input type="hidden" name="intent" value="time-zone" />
      <div className="field">
        <label htmlFor="share-time-zone">Your time zone</label>
        {/* Keyed by the zone shown: the browser's, once known, becomes the choice offered. */}
        <select key={shown} id="share-time-zone" name="timeZone" defaultValue={shown}>
          {timeZone.zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p className="field__hint">
          {timeZone.chosen
            ? "Expiry dates on every album's links are entered and shown in it."
            : shown === timeZone.zone
              ? "Not chosen yet: the server's. Save yours to enter and see expiry dates in it."
              : "Not chosen yet: your browser's is offered. Save it to enter and see expiry dates in it."}
        </p>
      </div>
      <Button type="submit" variant="secondary">
        Save time zone
      </Button>
    </Form>
  );
}

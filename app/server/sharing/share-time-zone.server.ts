/**
 * The owner's time zone, a site setting (record 070): share links' expiry is
 * entered and shown in it and stored as UTC. Until the owner chooses one, the
 * server's zone, or with JavaScript the browser's, which the album admin page
 * offers to keep.
 */
import { z } from "zod";
import { defineSetting } from "~/server/data/settings.server";
import { parseInput } from "~/server/http/input.server";
import { isTimeZone } from "~/lib/time-zone";

const ZONE_REFUSED = "must be a time zone such as Europe/Paris or UTC";
const timeZone = z.string({ error: ZONE_REFUSED }).max(64, { error: ZONE_REFUSED }).refine(isTimeZone, {
  error: ZONE_REFUSED,
});

export const timeZoneSetting = defineSetting("sharing.timeZone", timeZone.nullable(), null);

/** The zone times are entered and shown in, and whether the owner chose it (else it is the server's). */
export function ownerTimeZone(): { zone: string; chosen: boolean } {
  const chosen = timeZoneSetting.read();
  return chosen ? { zone: chosen, chosen: true } : { zone: serverTimeZone(), chosen: false };
}

/** The server's zone does not change while it runs; making a DateTimeFormat to read it was a client page's 1.5 %. */
let serverZone: string | undefined;

function serverTimeZone(): string {
  serverZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return serverZone;
}

/** Every zone the form offers: Intl's list, with UTC (which it leaves out). */
export function timeZoneChoices(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}

export function parseTimeZone(raw: unknown): string {
  return parseInput(z.object({ timeZone }), { timeZone: raw }).timeZone;
}

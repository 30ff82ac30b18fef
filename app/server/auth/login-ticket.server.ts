/**
 * The "password passed" ticket of a two-step login on the page: after a right
 * password, the browser holds a random id in an HttpOnly cookie and the
 * server remembers whose it is, for 5 minutes and one successful second step.
 * The password is never sent twice, and nothing the client sends can name
 * another user. Tickets live in memory: a restart asks for the password again.
 */
import { createCookie } from "react-router";
import { randomToken, sha256 } from "~/server/core/tokens.server";
import { sessionSecrets } from "~/server/core/session-secrets.server";
import { secureFor } from "~/server/http/security.server";

export const TICKET_LIFETIME_MS = 5 * 60 * 1000;
/** Only someone who knows the password can make a ticket; the bound is for safety, not for use. */
const MAX_TICKETS = 1000;

interface Ticket {
  userId: number;
  expiresAt: number;
}

const tickets = new Map<string, Ticket>();
let ticketCookie: ReturnType<typeof createCookie> | undefined;

function cookie() {
  ticketCookie ??= createCookie("__login_step", {
    httpOnly: true,
    sameSite: "strict",
    // Not the page's path: with JavaScript the form posts to `/photography/admin.data`, which a cookie path of
    // `/photography/admin` does not cover.
    path: "/",
    maxAge: TICKET_LIFETIME_MS / 1000,
    secrets: sessionSecrets(),
  });
  return ticketCookie;
}

function forgetExpired(now: number): void {
  for (const [id, ticket] of tickets) if (ticket.expiresAt <= now) tickets.delete(id);
  for (const [oldest] of tickets) {
    if (tickets.size < MAX_TICKETS) break;
    tickets.delete(oldest);
  }
}

/** A new ticket for the user; returns the Set-Cookie that hands it to the browser. */
export async function issueLoginTicket(request: Request, userId: number): Promise<string> {
  const now = Date.now();
  forgetExpired(now);
  const id = randomToken();
  tickets.set(sha256(id), { userId, expiresAt: now + TICKET_LIFETIME_MS });
  return cookie().serialize(id, { secure: secureFor(request) });
}

/** The live ticket the request carries: its key (to spend it) and its user. */
export async function readLoginTicket(request: Request): Promise<{ key: string; userId: number } | null> {
  const id: unknown = await cookie().parse(request.headers.get("cookie"));
  if (typeof id !== "string") return null;
  const key = sha256(id);
  const ticket = tickets.get(key);
  if (!ticket || ticket.expiresAt <= Date.now()) return null;
  return { key, userId: ticket.userId };
}

/** Ends the user's half-finished logins: a password change or "Sign out other sessions" must reach them too. */
export function forgetLoginTickets(userId: number): void {
  for (const [key, ticket] of tickets) if (ticket.userId === userId) tickets.delete(key);
}

/** Spends the ticket (its second step passed) and returns the Set-Cookie that clears it. */
export async function spendLoginTicket(request: Request, key: string): Promise<string> {
  tickets.delete(key);
  return cookie().serialize("", { maxAge: 0, secure: secureFor(request) });
}

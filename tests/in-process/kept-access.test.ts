// The access kept for a browser's headers (record 090) holds no longer than what it was found from: a link's expiry,
// and the owner's session's next due write, so a kept answer never skips the session's sliding expiry. The clock is
// moved with nothing written meanwhile: only `until` can end the kept answer.
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { requestAccess } from "~/server/access/access.server";
import { addGrant } from "~/server/access/grant-cookie.server";
import { createAlbum } from "~/server/albums/albums.server";
import { openSession } from "~/server/auth/auth.server";
import { db } from "~/server/data/db.server";
import { sessions, users } from "~/server/data/schema";
import { createShareLink } from "~/server/sharing/share-links.server";
import { openTemplateSite } from "../support/in-process";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { cookie } });

it("looks the owner's session up again once its last use is due to be written, and writes it", async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T12:00:00Z") });
  const owner = db().select({ id: users.id }).from(users).get()!;
  const { setCookie } = await openSession(new Request("http://localhost/"), owner.id, "198.51.100.7");
  const request = withCookie(setCookie.split(";")[0]!);
  const lastUsed = () => db().select({ at: sessions.lastUsedAt }).from(sessions).all().at(-1)!.at!.getTime();
  const opened = lastUsed();

  expect((await requestAccess(request)).owner).toBe(true);
  vi.setSystemTime(opened + 4 * MINUTE);
  expect((await requestAccess(request)).owner).toBe(true);
  expect(lastUsed()).toBe(opened);
  // Past the five minutes after which "last used" is written again (auth.server.ts).
  vi.setSystemTime(opened + 6 * MINUTE);
  expect((await requestAccess(request)).owner).toBe(true);
  expect(lastUsed()).toBe(opened + 6 * MINUTE);
});

it("ends a link's grant at its expiry, with nothing written meanwhile", async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-30T12:00:00Z") });
  const album = createAlbum({ name: "Until noon", visibility: "private" });
  const expiresAt = new Date("2026-11-30T12:30:00Z");
  const link = await createShareLink(album.id, { label: "Half an hour", expiresAt }, "http://localhost");
  const cookie = (await addGrant(new Request("http://localhost/"), { ...link, passwordHash: null }, false)).split(
    ";",
  )[0]!;

  expect((await requestAccess(withCookie(cookie))).albumGrants.map((grant) => grant.albumId)).toEqual([album.id]);
  vi.setSystemTime(expiresAt.getTime() - 1);
  expect((await requestAccess(withCookie(cookie))).albumGrants).toHaveLength(1);
  vi.setSystemTime(expiresAt);
  expect((await requestAccess(withCookie(cookie))).albumGrants).toEqual([]);
});

// A visitor's ETag is the version of what the pages show, nothing else: it
// must not move when the owner logs in, uses (and so slides) a session, logs
// out or mistypes the password, or it tells anyone who polls a public page
// when the owner is active. It moves on every change a page shows, whichever
// process makes it.
import Database from "better-sqlite3";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { rawGet } from "../support/conditional";
import { seedImages } from "../support/seed";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";

const PUBLIC_PATHS = ["/photography", "/api/image"];
const HOUR_MS = 60 * 60 * 1000;

let server: TestServer;
let image: Image;

beforeAll(async () => {
  server = await startServer();
  const { token } = await loginAdmin(server.url);
  [image] = (await seedImages(server, token, [{ name: "a.jpg" }])) as [Image];
});

afterAll(() => server?.stop());

/** The ETags an anonymous visitor gets for the public paths. */
async function visitorEtags(): Promise<string[]> {
  const etags: string[] = [];
  for (const publicPath of PUBLIC_PATHS) {
    const answer = await rawGet(server.url + publicPath);
    expect(answer.status, publicPath).toBe(200);
    expect(answer.headers.etag, publicPath).toMatch(/^W\/".+"$/);
    etags.push(answer.headers.etag!);
  }
  return etags;
}

/** Writes as another process would (`npm run seed`, a second server): a commit the server did not make. */
function writeFromAnotherProcess(sql: string, ...params: unknown[]): void {
  const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"));
  try {
    sqlite.prepare(sql).run(...params);
  } finally {
    sqlite.close();
  }
}

function sessionExpiry(): number {
  const sqlite = new Database(path.join(server.dataDir, "portfolio.sqlite"), { readonly: true });
  try {
    return sqlite.prepare("SELECT max(expires_at) FROM sessions").pluck().get() as number;
  } finally {
    sqlite.close();
  }
}

function login(password: string): Promise<Response> {
  return fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USERNAME, password }),
  });
}

describe("the public ETags", () => {
  it("stay the same across an owner's login, session refresh, logout and failed login", async () => {
    const before = await visitorEtags();

    const { token } = await loginAdmin(server.url);
    expect(await visitorEtags(), "after a login").toEqual(before);

    // A session's expiry slides forward when it is used and is an hour behind.
    writeFromAnotherProcess("UPDATE sessions SET expires_at = expires_at - ?", 2 * HOUR_MS);
    expect(await visitorEtags(), "after another process touched the sessions").toEqual(before);
    const expiry = sessionExpiry();
    const validate = await fetch(`${server.url}/api/auth/validate`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await validate.json()).toEqual({ valid: true });
    expect(sessionExpiry(), "the session was refreshed").toBeGreaterThan(expiry);
    expect(await visitorEtags(), "after a session refresh").toEqual(before);

    const logout = await fetch(`${server.url}/api/auth/logout`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(204);
    expect(await visitorEtags(), "after a logout").toEqual(before);

    expect((await login(`${ADMIN_PASSWORD}-wrong`)).status).toBe(401);
    expect(await visitorEtags(), "after a failed login").toEqual(before);
  });

  it("change after a photo edit, by the server or by another process", async () => {
    const before = await visitorEtags();
    const { token } = await loginAdmin(server.url);
    const edit = await fetch(`${server.url}/api/image/${image.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Renamed", description: "" }),
    });
    expect(edit.status).toBe(200);
    const afterEdit = await visitorEtags();
    afterEdit.forEach((etag, index) => expect(etag, PUBLIC_PATHS[index]).not.toBe(before[index]));

    writeFromAnotherProcess("UPDATE images SET name = 'Renamed elsewhere' WHERE id = ?", image.id);
    const afterOtherEdit = await visitorEtags();
    afterOtherEdit.forEach((etag, index) => expect(etag, PUBLIC_PATHS[index]).not.toBe(afterEdit[index]));
  });
});

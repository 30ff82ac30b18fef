// Every page action goes through one wrapper (pageAction): the guard first,
// the form read once under the 64 KB limit, a refusal answered as the page's
// data with its status. Album pages used to get each of these wrong.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processMemory, sendBigBody } from "../support/requests";
import { seedPhotos } from "../support/seed";
import { loginAdmin, startServer, type TestServer } from "../support/server";

const TOO_LARGE = "The request body is too large: the limit is 64 KB.";
const SESSION_ENDED = "Your session has ended — log in again";
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
/** Buffered whole, such a form grew the server from 113 to 360 MB before its 413. */
const HUGE = 80 * 1024 * 1024;
const MAX_GROWTH_MB = 64;

let server: TestServer;
let admin: { token: string; cookie: string };
let albumPage: string;

beforeAll(async () => {
  server = await startServer();
  admin = await loginAdmin(server.url);
  const created = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Harbour" }),
  });
  expect(created.status).toBe(201);
  albumPage = `/photography/albums/${((await created.json()) as { slug: string }).slug}`;
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { method: "POST", body, headers: { ...FORM, ...headers }, redirect: "manual" });
}

const ALBUM_PAGE = "/photography/albums/{slug}";
/** The album's page is known once the album exists. */
const at = (page: string) => (page === ALBUM_PAGE ? albumPage : page);

/** The admin's page actions, each with a form it takes (the album page takes two kinds). */
const GUARDED = [
  { page: "/photography", form: "intent=update&id=1&name=x&description=" },
  { page: "/photography/albums", form: "intent=album-create&name=Lost&description=" },
  { page: ALBUM_PAGE, form: "intent=album-update&name=Lost&slug=lost&description=" },
  { page: ALBUM_PAGE, form: "intent=update&id=1&name=x&description=" },
];
/** The login form's page takes posts from anyone: only the size rules apply to it. */
const EVERY_PAGE_ACTION = [...new Set(GUARDED.map(({ page }) => page)), "/photography/admin"];

describe("the bugs album pages had", () => {
  it("a signed-out script post to an album page answers as the gallery does: 401, the session-ended message", async () => {
    const gallery = await post("/photography.data?client=js", "intent=update&id=1&name=x");
    const album = await post(`${albumPage}.data?client=js`, "intent=update&id=1&name=x");
    expect(gallery.status).toBe(401);
    expect(album.status).toBe(gallery.status);
    expect(await album.text()).toContain(SESSION_ENDED);
  });

  it.each([
    ["declared in Content-Length", true],
    ["sent chunked", false],
  ])("an 80 MB form from the owner to an album page %s: 413, never buffered", async (_label, declareLength) => {
    const pid = server.process.pid!;
    const before = processMemory(pid);
    const { statuses, text } = await sendBigBody(server.url, {
      method: "POST",
      path: albumPage,
      headers: { ...FORM, Cookie: admin.cookie },
      prefix: "intent=album-update&name=x&description=",
      bytes: HUGE,
      declareLength,
    });
    const growthMb = processMemory(pid).peakMb - Math.max(before.rssMb, before.peakMb);
    expect(statuses).toEqual([413, 200]);
    expect(text).toContain(TOO_LARGE);
    expect(growthMb).toBeLessThanOrEqual(MAX_GROWTH_MB);
  });

  it("a 100 KB form to /photography/albums: 413 with the message, not 500", async () => {
    const response = await post("/photography/albums", `intent=album-create&name=${"n".repeat(100 * 1024)}`, {
      Cookie: admin.cookie,
    });
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(TOO_LARGE);
  });

  it("a refused album edit marks the field it names, with the message beside it, and keeps what was typed", async () => {
    const other = await fetch(`${server.url}/api/album`, {
      method: "POST",
      headers: { Authorization: `Bearer ${admin.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Quay" }),
    });
    expect(other.status).toBe(201);
    const response = await post(albumPage, "intent=album-update&name=Renamed&slug=quay&description=", {
      Cookie: admin.cookie,
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    const message = "The slug &quot;quay&quot; is taken by another album";
    const slugInput = /<input[^>]*id="album-slug"[^>]*>/.exec(html)![0];
    expect(slugInput).toContain('aria-invalid="true"');
    expect(slugInput).toContain('aria-describedby="album-slug-error album-slug-hint"');
    expect(html).toContain(`<p class="field__error" id="album-slug-error">${message}</p>`);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(/<input[^>]*id="album-name"[^>]*>/.exec(html)![0]).toContain('value="Renamed"');
  });

  it("a refused photo edit marks the viewer's input it names: a tag too long marks the tags", async () => {
    const [id] = await seedPhotos(server, [{ name: "Quay at dawn" }]);
    const tags = `fjord, ${"t".repeat(101)}`;
    const form = new URLSearchParams({ intent: "update", id: String(id), name: "Reine", description: "", tags });
    const response = await post(`/photography?image=${id}&edit=1`, form.toString(), { Cookie: admin.cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/<p class="viewer-error" id="viewer-edit-error" role="alert">tags\[1\] /);
    const tagsInput = /<input[^>]*id="viewer-tags"[^>]*>/.exec(html)![0];
    expect(tagsInput).toContain('aria-invalid="true"');
    expect(tagsInput).toContain('aria-describedby="viewer-edit-error viewer-tags-hint"');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
  });
});

describe("every page action refuses the same way", () => {
  it.each(GUARDED)(
    "$page ($form): a signed-out post goes to the login form, its script gets 401",
    async ({ page, form }) => {
      const resolved = at(page);
      const plain = await post(resolved, form);
      expect(plain.status).toBe(303);
      expect(plain.headers.get("location")).toBe(`/photography/admin?redirectTo=${encodeURIComponent(resolved)}`);
      const script = await post(`${resolved}.data?client=js`, form);
      expect(script.status).toBe(401);
      expect(await script.text()).toContain(SESSION_ENDED);
    },
  );

  it.each(EVERY_PAGE_ACTION)(
    "%s: a form past 64 KB from the owner is a 413 with the message, shown in place",
    async (page) => {
      const resolved = at(page);
      const response = await post(resolved, `intent=update&name=${"n".repeat(64 * 1024)}`, { Cookie: admin.cookie });
      expect(response.status).toBe(413);
      expect(await response.text()).toContain(TOO_LARGE);
    },
  );

  it.each(EVERY_PAGE_ACTION)("%s: a multipart post is refused unread with 415", async (page) => {
    const resolved = at(page);
    const body = new FormData();
    body.set("intent", "update");
    const response = await fetch(`${server.url}${resolved}`, {
      method: "POST",
      body,
      headers: { Cookie: admin.cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(415);
  });
});

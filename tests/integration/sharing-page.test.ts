// The owner's album admin page (/photography/admin/albums/<slug>): its guard,
// its plain forms (visibility, a new link shown once, a link's number to choose, its client view, its watermark, Revoke), and the New
// album form's visibility, against the built server without JavaScript.
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { ShareLink } from "~/lib/share-link";
import { cookieFrom } from "../support/logins";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };
let album: Album;

const asOwner = () => ({ Authorization: `Bearer ${session.token}` });
const pagePath = () => `/photography/admin/albums/${album.slug}`;

function post(path: string, fields: Record<string, string>, cookie = session.cookie) {
  return fetch(server.url + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
}

const get = (path: string, cookie = session.cookie) =>
  fetch(server.url + path, { headers: { Cookie: cookie }, redirect: "manual" });

/** The list's read-only field holding the address of the link for `label`, as the page renders it. */
function addressField(html: string, label: string): string | undefined {
  return html
    .match(/<textarea[^>]*>[^<]*<\/textarea>/g)
    ?.find((tag) => tag.includes(`aria-label="Address of the link for ${label}"`));
}

async function links(): Promise<ShareLink[]> {
  const response = await fetch(`${server.url}/api/album/${album.id}/links`, { headers: asOwner() });
  return ((await response.json()) as { links: ShareLink[] }).links;
}

beforeAll(async () => {
  server = await startServer();
  session = await loginAdmin(server.url);
  const response = await fetch(`${server.url}/api/album`, {
    method: "POST",
    headers: { ...asOwner(), "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Portraits for Ana", slug: "ana" }),
  });
  album = (await response.json()) as Album;
});

afterAll(async () => {
  await server?.stop();
});

describe("the album admin page", () => {
  it("sends a visitor to the login form and answers the owner privately", async () => {
    const visitor = await fetch(server.url + pagePath(), { redirect: "manual" });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("location")).toContain("redirectTo=");
    const owner = await get(pagePath());
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect(await owner.text()).toContain("Sharing: Portraits for Ana");
    expect((await get("/photography/admin/albums/no-such-album")).status).toBe(404);
  });

  it("opens one visitor's favourites with ?visitor=, and answers a malformed one with 400", async () => {
    // A visitor not on the album's links opens nobody's.
    expect((await get(`${pagePath()}?visitor=999999`)).status).toBe(200);
    const refused = await get(`${pagePath()}?visitor=x`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The visitor id must be a positive whole number");
  });

  it("is linked from the album page's owner controls as Sharing", async () => {
    const html = await (await get(`/photography/albums/${album.slug}`)).text();
    expect(html).toMatch(new RegExp(`<a [^>]*href="${pagePath()}"[^>]*>Sharing</a>`));
  });

  it("sets the album's visibility", async () => {
    const saved = await post(pagePath(), { intent: "album-visibility", visibility: "private" });
    expect(saved.status).toBe(303);
    const read = await fetch(`${server.url}/api/album/${album.id}`, { headers: asOwner() });
    expect(((await read.json()) as Album).visibility).toBe("private");
    const refused = await post(pagePath(), { intent: "album-visibility", visibility: "secret" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("visibility must be one of public, unlisted, private");
  });

  it("makes a link from the form, shows its URL after the redirect and keeps it in the list to copy again", async () => {
    const made = await post(pagePath(), {
      intent: "link-create",
      label: "Ana",
      password: "ana's password",
      expiresDate: "2099-06-30",
      expiresTime: "18:30",
      // The zone the form showed the owner: the date is theirs, stored as UTC.
      timeZone: "Europe/Paris",
      download: "original",
    });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe(pagePath());
    const notice = cookieFrom(made, "__new_share_link")!;
    expect(notice).toBeTruthy();

    const shown = await get(pagePath(), `${session.cookie}; ${notice}`);
    const html = await shown.text();
    const url = />(http[^<]+\/s\/[A-Za-z0-9_-]+)<\/textarea>/.exec(html)?.[1];
    expect(url).toBeTruthy();
    expect(cookieFrom(shown, "__new_share_link")).toBe("__new_share_link=");
    // The next visit, with the cleared cookie: no notice, but the list keeps the address as text to select.
    const again = await (await get(pagePath())).text();
    expect(again).not.toContain("is ready");
    expect(addressField(again, "Ana")).toContain(`>${url}</textarea>`);

    const [link] = (await links()).filter((each) => each.label === "Ana");
    expect(link).toMatchObject({ hasPassword: true, download: "original", expiresAt: "2099-06-30T16:30:00.000Z" });
    const opened = await fetch(url!, { redirect: "manual" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Shared album");
  });

  it("makes a client-view link from the form's checkbox, and the list says which links are", async () => {
    expect((await post(pagePath(), { intent: "link-create", label: "Private", clientView: "on" })).status).toBe(303);
    expect((await post(pagePath(), { intent: "link-create", label: "Open" })).status).toBe(303);
    const html = await (await get(pagePath())).text();
    const clientViewOf = (label: string) => {
      const start = html.indexOf(`<strong class="share-link__label">${label}</strong>`);
      return /<dt>Client view<\/dt><dd>(Yes|No)<\/dd>/.exec(html.slice(start))?.[1];
    };
    expect(clientViewOf("Private")).toBe("Yes");
    expect(clientViewOf("Open")).toBe("No");
  });

  it("turns a listed link's client view off and on with its button; any other value names the field", async () => {
    expect((await post(pagePath(), { intent: "link-create", label: "Proofs", clientView: "on" })).status).toBe(303);
    const link = (await links()).find((each) => each.label === "Proofs")!;
    const button = async () =>
      /aria-label="(Turn client view (?:on|off)) for the link for Proofs"/.exec(
        await (await get(pagePath())).text(),
      )?.[1];
    const clientView = async () => (await links()).find((each) => each.id === link.id)!.clientView;
    const toggle = (value: string) =>
      post(pagePath(), { intent: "link-client-view", linkId: String(link.id), clientView: value });

    expect(await button()).toBe("Turn client view off");
    expect((await toggle("off")).status).toBe(303);
    expect(await clientView()).toBe(false);
    expect(await button()).toBe("Turn client view on");
    expect((await toggle("on")).status).toBe(303);
    expect(await clientView()).toBe(true);

    const refused = await toggle("maybe");
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain("clientView must be true or false");
    expect(await clientView()).toBe(true);
  });

  it("makes a link with a watermark, then changes and removes it with the link's own form", async () => {
    const mark = { watermarkPosition: "bottom-right", watermarkSize: "30", watermarkOpacity: "60" };
    const made = await post(pagePath(), {
      intent: "link-create",
      label: "Marked",
      watermark: "text",
      watermarkText: "© Ana",
      ...mark,
    });
    expect(made.status).toBe(303);
    const link = (await links()).find((each) => each.label === "Marked")!;
    expect(link.watermark).toEqual({ kind: "text", text: "© Ana", position: "bottom-right", size: 30, opacity: 60 });
    const change = (fields: Record<string, string>) =>
      post(pagePath(), { intent: "link-watermark", linkId: String(link.id), ...fields });
    const markOf = async () => (await links()).find((each) => each.id === link.id)!.watermark;

    expect(
      (await change({ watermark: "text", watermarkText: "Proof", ...mark, watermarkPosition: "tiled" })).status,
    ).toBe(303);
    expect(await markOf()).toMatchObject({ text: "Proof", position: "tiled" });
    // The form shows the saved mark.
    expect(await (await get(pagePath())).text()).toMatch(
      new RegExp(`id="link-${link.id}-watermark-watermarkText"[^>]*value="Proof"`),
    );

    const refused = await change({ watermark: "text", watermarkText: "", ...mark });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(pageText(page)).toContain("watermarkText must have the text to draw");
    expect(page).toMatch(new RegExp(`id="link-${link.id}-watermark-watermarkText"[^>]*aria-invalid="true"`));
    expect(await markOf()).toMatchObject({ text: "Proof" });

    expect((await change({ watermark: "off" })).status).toBe(303);
    expect(await markOf()).toBeNull();
  });

  it("shows a refused link in place, naming the field, with what was typed", async () => {
    const refused = await post(pagePath(), {
      intent: "link-create",
      label: "Late",
      expiresDate: "2001-01-01",
      timeZone: "UTC",
    });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(pageText(page)).toContain("The link would end on Jan 1, 2001, 23:59 UTC, which has already passed.");
    // The date is the field at fault: marked, pointing at the message beside it.
    const date = /<input[^>]*id="link-expires-date"[^>]*>/.exec(page)![0];
    expect(date).toContain('aria-invalid="true"');
    expect(date).toContain('aria-describedby="link-expires-date-error"');
    expect(page).toMatch(/<p class="field__error" id="link-expires-date-error">The link would end on Jan 1, 2001/);
    expect(page.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(page).toContain('value="Late"');
    expect(await (await post(pagePath(), { intent: "link-create", label: "Late", timeZone: "Mars" })).text()).toContain(
      "timeZone must be a time zone such as Europe/Paris or UTC",
    );
  });

  it("keeps the owner's time zone, and enters and shows expiry dates in it", async () => {
    const before = await (await get(pagePath())).text();
    expect(before).toContain("Not chosen yet: the server&#x27;s.");
    const saved = await post(pagePath(), { intent: "time-zone", timeZone: "America/New_York" });
    expect(saved.status).toBe(303);
    // A form sent without the zone it showed (an older page) is read in the owner's.
    const made = await post(pagePath(), {
      intent: "link-create",
      label: "New York",
      expiresDate: "2099-01-15",
      expiresTime: "09:00",
    });
    expect(made.status).toBe(303);
    expect((await links()).find((each) => each.label === "New York")!.expiresAt).toBe("2099-01-15T14:00:00.000Z");
    const html = pageText(await (await get(pagePath())).text());
    expect(html).toContain("Jan 15, 2099, 09:00 EST");
    expect(html).toContain("Expires (optional, America/New York time)");
    const refused = await post(pagePath(), { intent: "time-zone", timeZone: "Nowhere/Else" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("timeZone must be a time zone such as Europe/Paris or UTC");
  });

  it("revokes a link with one plain form post", async () => {
    const made = await post(pagePath(), { intent: "link-create", label: "To revoke" });
    expect(made.status).toBe(303);
    const link = (await links()).find((each) => each.label === "To revoke")!;
    const revoked = await post(pagePath(), { intent: "link-revoke", linkId: String(link.id) });
    expect(revoked.status).toBe(303);
    const listed = (await links()).find((each) => each.id === link.id)!;
    expect(listed).toMatchObject({ state: "revoked", url: null });
    const html = await (await get(pagePath())).text();
    expect(html).toContain("Revoked");
    expect(addressField(html, "To revoke")).toBeUndefined();
  });

  it("changes how many photos a link's clients choose with its own form; a bad number names the field", async () => {
    const made = await post(pagePath(), { intent: "link-create", label: "Choosing" });
    expect(made.status).toBe(303);
    const link = (await links()).find((each) => each.label === "Choosing")!;
    expect(link.choose).toBeNull();
    const linkChoose = (fields: Record<string, string>) =>
      post(pagePath(), { intent: "link-choose", linkId: String(link.id), ...fields });
    const chooseOf = async () => (await links()).find((each) => each.id === link.id)!.choose;

    expect((await linkChoose({ chooseMode: "exactly", chooseCount: "30" })).status).toBe(303);
    expect(await chooseOf()).toEqual({ count: 30, exactly: true });
    // The list's form shows the rule in force.
    const html = await (await get(pagePath())).text();
    expect(html).toMatch(new RegExp(`<input[^>]*id="link-${link.id}-choose-count"[^>]*value="30"`));
    expect(html).toMatch(new RegExp(`<option value="exactly" selected=""`));

    const refused = await linkChoose({ chooseMode: "up-to", chooseCount: "0" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    const count = new RegExp(`<input[^>]*id="link-${link.id}-choose-count"[^>]*>`).exec(page)![0];
    expect(count).toContain('aria-invalid="true"');
    expect(count).toContain('value="0"');
    expect(page).toContain(`id="link-${link.id}-choose-count-error">chooseCount must be a whole number from 1`);
    expect(await chooseOf()).toEqual({ count: 30, exactly: true });

    // An empty number: as many as they like.
    expect((await linkChoose({ chooseMode: "up-to", chooseCount: "" })).status).toBe(303);
    expect(await chooseOf()).toBeNull();
  });

  it("says plainly that a live link made before addresses were kept cannot be shown", async () => {
    const made = await post(pagePath(), { intent: "link-create", label: "Older" });
    expect(made.status).toBe(303);
    const link = (await links()).find((each) => each.label === "Older")!;
    const db = new Database(path.join(server.dataDir, "portfolio.sqlite"));
    try {
      db.prepare("UPDATE share_links SET token_sealed = NULL WHERE id = ?").run(link.id);
    } finally {
      db.close();
    }
    const html = pageText(await (await get(pagePath())).text());
    expect(html).toContain("Made before addresses were kept: it cannot be shown again.");
  });

  it("refuses the forms without the owner", async () => {
    const anonymous = await fetch(server.url + pagePath(), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "link-create", label: "Intruder" }),
      redirect: "manual",
    });
    expect(anonymous.status).toBe(303);
    expect((await links()).some((each) => each.label === "Intruder")).toBe(false);
  });
});

describe("the New album form", () => {
  it("offers the visibility, and makes the album with it", async () => {
    const page = await (await get("/photography/albums")).text();
    expect(page).toContain('name="visibility"');
    const made = await post("/photography/albums", {
      intent: "album-create",
      name: "Kept private",
      visibility: "private",
    });
    expect(made.status).toBe(303);
    const location = made.headers.get("location")!;
    expect(location).toBe("/photography/albums/kept-private");
    expect((await fetch(server.url + location)).status).toBe(404);
    const listed = await fetch(`${server.url}/api/album`, { headers: asOwner() });
    const albums = ((await listed.json()) as { albums: Album[] }).albums;
    expect(albums.find((each) => each.name === "Kept private")?.visibility).toBe("private");
  });
});

// Share links (docs/behaviour.md#share-links, record 040) against the built
// server: opening `/s/<token>`, the password form, and what a grant opens
// (its album alone) for how long (until revoked or expired).
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import type { ShareLink } from "~/lib/share-link";
import { cookieFrom } from "../support/logins";
import { shareKit } from "../support/share-links";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let kit: ReturnType<typeof shareKit>;
let albumA: Album;
let albumB: Album;
let inA: Image;
let inB: Image;
let hiddenElsewhere: Image;

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "1" } });
  kit = shareKit(server, await loginAdmin(server.url));
  albumA = await kit.createAlbum("Wedding A", "wedding-a");
  albumB = await kit.createAlbum("Wedding B", "wedding-b");
  inA = await kit.addPhoto("In A", albumA.id);
  inB = await kit.addPhoto("In B", albumB.id);
  hiddenElsewhere = await kit.addPhoto("Hidden elsewhere");
});

afterAll(async () => {
  await server?.stop();
});

/** A person's browser: a script's or a bot's request counts no view. */
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0" };

describe("opening a link", () => {
  it("answers an unknown link 404 as any missing page", async () => {
    const unknown = await kit.get("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const missing = await kit.get("/no-such-page");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("404 Not Found");
    expect(missing.status).toBe(404);
  });

  it("grants its album with an HttpOnly, SameSite=Lax cookie, counts the view and sends the browser there", async () => {
    const link = await kit.createLink(albumA.id, { label: "Open" });
    expect((await kit.get(`/photography/albums/${albumA.slug}`)).status).toBe(404);
    const response = await kit.get(kit.linkPath(link), undefined, BROWSER);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/photography/albums/${albumA.slug}`);
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("__share_grants="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const grant = cookieFrom(response, "__share_grants")!;

    const page = await kit.get(`/photography/albums/${albumA.slug}`, grant);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("Wedding A");
    expect(html).not.toContain("Wedding B");
    expect((await kit.get(new URL(inA.url, server.url).pathname, grant)).status).toBe(200);
    expect((await kit.get(`/photography/albums/${albumA.slug}?image=${inA.id}`, grant)).status).toBe(200);
    expect((await kit.get(`/api/image?album=${albumA.id}`, grant)).status).toBe(200);

    const listed = (await kit.listLinks(albumA.id)).find((each) => each.id === link.id)!;
    expect(listed.viewCount).toBe(1);
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it("counts no view for a HEAD, a prefetch, a chat's link preview or a script", async () => {
    const link = await kit.createLink(albumA.id, { label: "Previewed" });
    const views = async () => (await kit.listLinks(albumA.id)).find((each) => each.id === link.id)!.viewCount;
    const head = await fetch(server.url + kit.linkPath(link), { method: "HEAD", redirect: "manual" });
    expect(head.status).toBe(303);
    const prefetch = await kit.get(kit.linkPath(link), undefined, { "Sec-Purpose": "prefetch" });
    expect(prefetch.status).toBe(303);
    const preview = await kit.get(kit.linkPath(link), undefined, { "User-Agent": "Slackbot-LinkExpanding 1.0" });
    expect(cookieFrom(preview, "__share_grants")).toBeDefined();
    expect((await kit.get(kit.linkPath(link))).status).toBe(303);
    expect(await views()).toBe(0);

    expect((await kit.get(kit.linkPath(link), undefined, BROWSER)).status).toBe(303);
    expect(await views()).toBe(1);
  });

  it("never opens another album, nor a hidden photo outside its album, nor the gallery's deep link", async () => {
    const grant = await kit.openLink(await kit.createLink(albumA.id, { label: "Only A" }));
    expect((await kit.get(`/photography/albums/${albumB.slug}`, grant)).status).toBe(404);
    expect((await kit.get(`/api/album/${albumB.id}`, grant)).status).toBe(404);
    expect((await kit.get(`/api/image/${inB.id}`, grant)).status).toBe(404);
    expect((await kit.get(`/api/image/${hiddenElsewhere.id}`, grant)).status).toBe(404);
    expect((await kit.get(new URL(inB.url, server.url).pathname, grant)).status).toBe(404);
    expect((await kit.get(new URL(hiddenElsewhere.url, server.url).pathname, grant)).status).toBe(404);
    // A hidden photo opens in its album's pages only, not in the gallery.
    expect((await kit.get(`/photography?image=${inA.id}`, grant)).status).toBe(404);
    expect((await kit.get(`/photography/albums/${albumA.slug}?image=${inB.id}`, grant)).status).toBe(404);
    const albums = await (await kit.get("/api/album", grant)).text();
    expect(albums).not.toContain("Wedding");
  });

  it("holds several grants in one browser", async () => {
    const first = await kit.openLink(await kit.createLink(albumA.id, { label: "Both A" }));
    const both = await kit.openLink(await kit.createLink(albumB.id, { label: "Both B" }), first);
    expect((await kit.get(`/photography/albums/${albumA.slug}`, both)).status).toBe(200);
    expect((await kit.get(`/photography/albums/${albumB.slug}`, both)).status).toBe(200);
  });

  it("refuses a forged cookie", async () => {
    const link = await kit.createLink(albumA.id, { label: "Forged" });
    const value = encodeURIComponent(btoa(JSON.stringify([[link.id, "x"]])));
    expect((await kit.get(`/photography/albums/${albumA.slug}`, `__share_grants=${value}`)).status).toBe(404);
  });

  it("keeps pages seen through a grant out of the anonymous page cache", async () => {
    const grant = await kit.openLink(await kit.createLink(albumA.id, { label: "Cache" }));
    for (let i = 0; i < 3; i++) {
      const page = await kit.get(`/photography/albums/${albumA.slug}`, grant);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    }
    const anonymous = await kit.get(`/photography/albums/${albumA.slug}`);
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain(inA.name);
  });
});

describe("a client view (record 087)", () => {
  /** What of the portfolio around the album a page shows. */
  async function portfolioAround(cookie: string) {
    const page = await kit.get(`/photography/albums/${albumA.slug}`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(inA.name);
    return {
      menu: html.includes('aria-label="Site"'),
      search: html.includes('role="search"'),
      nameLinksHome: /<a[^>]*class="site-header__home"/.test(html),
      allAlbums: html.includes("All albums"),
      footerLinks: html.includes('aria-label="Elsewhere"'),
    };
  }
  const WHOLE = { menu: true, search: true, nameLinksHome: true, allAlbums: true, footerLinks: true };

  it("shows a link's album without the portfolio's menu, search and links; a link without it, and the owner, with", async () => {
    const clientLink = await kit.createLink(albumA.id, { label: "Private space", clientView: true });
    expect(clientLink.clientView).toBe(true);
    const plainLink = await kit.createLink(albumA.id, { label: "Agency" });
    expect(plainLink.clientView).toBe(false);

    expect(await portfolioAround(await kit.openLink(clientLink))).toEqual({
      menu: false,
      search: false,
      nameLinksHome: false,
      allAlbums: false,
      footerLinks: false,
    });
    expect(await portfolioAround(await kit.openLink(plainLink))).toEqual(WHOLE);
    const { cookie, token } = await loginAdmin(server.url);
    expect(await portfolioAround(cookie)).toEqual(WHOLE);

    // The API's PUT turns it off: the client's next page has the portfolio around it again.
    const grant = await kit.openLink(clientLink);
    const changed = await fetch(`${server.url}/api/album/${albumA.id}/links/${clientLink.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ clientView: false }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as ShareLink).clientView).toBe(false);
    expect(await portfolioAround(grant)).toEqual(WHOLE);
  });

  it("refuses a clientView that is not true or false, naming the field, and makes no link", async () => {
    const before = await kit.listLinks(albumA.id);
    const response = await fetch(`${server.url}/api/album/${albumA.id}/links`, {
      method: "POST",
      headers: { Authorization: `Bearer ${(await loginAdmin(server.url)).token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ label: "Wrong", clientView: "yes" }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toContain("clientView");
    expect(await kit.listLinks(albumA.id)).toHaveLength(before.length);
  });
});

describe("ended links", () => {
  it("answers a revoked link 410 with no photo data, and ends its grant and media at once", async () => {
    const link = await kit.createLink(albumA.id, { label: "Revoked" });
    const grant = await kit.openLink(link);
    const media = new URL(inA.url, server.url).pathname;
    expect((await kit.get(media, grant)).status).toBe(200);

    const revoked = await fetch(`${server.url}/api/album/${albumA.id}/links/${link.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    expect(revoked.status).toBe(204);

    const page = await kit.get(kit.linkPath(link));
    expect(page.status).toBe(410);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("This link is no longer valid");
    expect(html).toContain("Ask Alex Sample for a new one.");
    expect(html).not.toContain("/media/");
    expect(html).not.toContain("Wedding A");
    expect((await kit.get(media, grant)).status).toBe(404);
    // The client inside the album when it ended: its page and its viewer say so as the link does, with nothing of it.
    for (const path of [`/photography/albums/${albumA.slug}`, `/photography/albums/${albumA.slug}?image=${inA.id}`]) {
      const inside = await kit.get(path, grant);
      expect(inside.status).toBe(410);
      expect(inside.headers.get("cache-control")).toBe("private, no-store");
      const text = await inside.text();
      expect(text).toContain("<h1>This link is no longer valid</h1>");
      expect(text).toContain("Ask Alex Sample for a new one.");
      expect(text).not.toContain("Unexpected Application Error");
      expect(text).not.toContain("/media/");
      expect(text).not.toContain("Wedding A");
    }
    // A heart clicked meanwhile (the page's script) gets the same ending, which the script shows by loading the page.
    const heart = await fetch(`${server.url}/api/album/${albumA.id}/favourites/${inA.id}`, {
      method: "PUT",
      headers: { Cookie: grant, Origin: server.url },
    });
    expect(heart.status).toBe(410);
    expect(await heart.json()).toMatchObject({ message: "This link is no longer valid.", linkEnded: true });
    // A browser that never held the link learns nothing: the album is missing, as any album it cannot see.
    expect((await kit.get(`/photography/albums/${albumA.slug}`)).status).toBe(404);
    expect((await kit.listLinks(albumA.id)).find((each) => each.id === link.id)!.state).toBe("revoked");
  });

  it("answers an expired link 410 and ends its grant at once", async () => {
    const link = await kit.createLink(albumA.id, { label: "Expiring", expiresAt: "2099-01-01T00:00:00Z" });
    const grant = await kit.openLink(link);
    expect((await kit.get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
    // Time passes: the expiry is moved into the past in the database file, as a day going by would.
    const db = kit.database(false);
    try {
      db.prepare("UPDATE share_links SET expires_at = ? WHERE id = ?").run(Date.now() - 1000, link.id);
    } finally {
      db.close();
    }
    const page = await kit.get(kit.linkPath(link));
    expect(page.status).toBe(410);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain("This link has expired");
    expect(html).not.toContain("/media/");
    const inside = await kit.get(`/photography/albums/${albumA.slug}`, grant);
    expect(inside.status).toBe(410);
    expect(await inside.text()).toContain("<h1>This link has expired</h1>");
    expect((await kit.get(new URL(inA.url, server.url).pathname, grant)).status).toBe(404);
  });
});

describe("copying a live link again", () => {
  it("lists a live link with its address, sealed in the database with a key kept in DATA_DIR alone", async () => {
    const link = await kit.createLink(albumA.id, { label: "Copied again" });
    const token = kit.linkPath(link).slice(3);
    expect((await kit.listLinks(albumA.id)).find((each) => each.id === link.id)!.url).toBe(link.url);

    const db = kit.database();
    let row: { token_hash: string; token_sealed: string };
    try {
      row = db.prepare("SELECT token_hash, token_sealed FROM share_links WHERE id = ?").get(link.id) as typeof row;
    } finally {
      db.close();
    }
    // What the database holds is the token's hash and the token encrypted: neither is the token, nor holds it.
    expect(row.token_sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const value of Object.values(row)) expect(value).not.toContain(token);
    const key = path.join(server.dataDir, "token-key");
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
  });

  it("shows no address for an ended link, nor for one made before addresses were kept, which still opens", async () => {
    const revoked = await kit.createLink(albumA.id, { label: "Revoked, not copied" });
    await fetch(`${server.url}/api/album/${albumA.id}/links/${revoked.id}`, {
      method: "DELETE",
      headers: kit.asOwner(),
    });
    const older = await kit.createLink(albumA.id, { label: "Made before" });
    const other = await kit.createLink(albumA.id, { label: "Another" });
    const db = kit.database(false);
    try {
      db.prepare("UPDATE share_links SET token_sealed = NULL WHERE id = ?").run(older.id);
      // Another row's sealed token is never shown as this one's address: the hash must match.
      db.prepare(
        "UPDATE share_links SET token_sealed = (SELECT token_sealed FROM share_links WHERE id = ?) WHERE id = ?",
      ).run(revoked.id, other.id);
    } finally {
      db.close();
    }
    const listed = await kit.listLinks(albumA.id);
    const urlOf = (id: number) => listed.find((each) => each.id === id)!.url;
    expect([urlOf(revoked.id), urlOf(older.id), urlOf(other.id)]).toEqual([null, null, null]);
    expect((await kit.get(kit.linkPath(older))).status).toBe(303);
  });
});

describe("a link with a password", () => {
  it("asks for it on a plain form, and opens the album with the right one", async () => {
    const link = await kit.createLink(albumA.id, { label: "Locked", password: "open sesame" });
    const token = kit.linkPath(link).slice(3);
    const form = await kit.get(kit.linkPath(link));
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toBe("private, no-store");
    expect(form.headers.getSetCookie()).toEqual([]);
    const html = await form.text();
    expect(html).toContain(`action="/s/${token}?unlock"`);
    expect(html).not.toContain("Wedding A");

    const opened = await kit.postPassword(token, "open sesame", "198.51.100.10");
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/photography/albums/${albumA.slug}`);
    const grant = cookieFrom(opened, "__share_grants")!;
    expect((await kit.get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
  });

  it("answers a wrong password and an unknown link alike", async () => {
    const link = await kit.createLink(albumA.id, { label: "Alike", password: "right one" });
    const token = kit.linkPath(link).slice(3);
    const unknownToken = "B".repeat(token.length);
    const wrong = await kit.answer(await kit.postPassword(token, "wrong one", "198.51.100.20"), token);
    const unknown = await kit.answer(await kit.postPassword(unknownToken, "wrong one", "198.51.100.21"), unknownToken);
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain("That password does not open this link.");
    expect(unknown).toEqual(wrong);
    const open = await kit.createLink(albumA.id, { label: "No password" });
    const openToken = kit.linkPath(open).slice(3);
    const noPassword = await kit.answer(await kit.postPassword(openToken, "wrong one", "198.51.100.22"), openToken);
    expect(noPassword).toEqual(wrong);
  });

  it("never opens one link with another link's password", async () => {
    const a = await kit.createLink(albumA.id, { label: "Pass A", password: "password of a" });
    const b = await kit.createLink(albumB.id, { label: "Pass B", password: "password of b" });
    const refused = await kit.postPassword(kit.linkPath(b).slice(3), "password of a", "198.51.100.30");
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie()).toEqual([]);
    const grantA = cookieFrom(
      await kit.postPassword(kit.linkPath(a).slice(3), "password of a", "198.51.100.31"),
      "__share_grants",
    )!;
    expect((await kit.get(`/photography/albums/${albumB.slug}`, grantA)).status).toBe(404);
    expect((await kit.postPassword(kit.linkPath(b).slice(3), "password of a", "198.51.100.32", grantA)).status).toBe(
      401,
    );
  });

  it("throttles guesses per client and per link", async () => {
    const link = await kit.createLink(albumA.id, { label: "Throttled", password: "the real one" });
    const token = kit.linkPath(link).slice(3);
    for (let i = 0; i < 5; i++) expect((await kit.postPassword(token, `guess ${i}`, "203.0.113.1")).status).toBe(401);
    const blocked = await kit.postPassword(token, "the real one", "203.0.113.1");
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // The link itself is throttled for every client, even the right password from a new address.
    expect((await kit.postPassword(token, "the real one", "203.0.113.2")).status).toBe(429);
    // The client is throttled on other links too.
    const other = await kit.createLink(albumA.id, { label: "Other", password: "other" });
    expect((await kit.postPassword(kit.linkPath(other).slice(3), "other", "203.0.113.1")).status).toBe(429);
  });

  it("strangers guessing from many addresses hold the link back, but not the browser that opened it before", async () => {
    const link = await kit.createLink(albumA.id, { label: "Besieged", password: "first of all" });
    const token = kit.linkPath(link).slice(3);
    const client = cookieFrom(await kit.postPassword(token, "first of all", "198.51.100.60"), "__share_grants")!;
    // The owner changes the password: the client's grant ends, and they are told the new one.
    const changed = await fetch(`${server.url}/api/album/${albumA.id}/links/${link.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ password: "second of all" }),
    });
    expect(changed.status).toBe(200);
    for (let i = 0; i < 5; i++) {
      expect((await kit.postPassword(token, `guess ${i}`, `203.0.113.${100 + i}`)).status).toBe(401);
    }
    // Guessing stays slow: a new browser from a new address waits, even with the right password.
    expect((await kit.postPassword(token, "second of all", "203.0.113.120")).status).toBe(429);
    // The client's browser is not held back by what strangers did.
    const opened = await kit.postPassword(token, "second of all", "198.51.100.60", client);
    expect(opened.status).toBe(303);
  });

  it("ends the grants made with an old password when the owner changes it", async () => {
    const link = await kit.createLink(albumA.id, { label: "Changed", password: "first password" });
    const grant = cookieFrom(
      await kit.postPassword(kit.linkPath(link).slice(3), "first password", "198.51.100.40"),
      "__share_grants",
    )!;
    expect((await kit.get(`/photography/albums/${albumA.slug}`, grant)).status).toBe(200);
    const changed = await fetch(`${server.url}/api/album/${albumA.id}/links/${link.id}`, {
      method: "PUT",
      headers: kit.asOwner(),
      body: JSON.stringify({ password: "second password" }),
    });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as ShareLink).hasPassword).toBe(true);
    const inside = await kit.get(`/photography/albums/${albumA.slug}`, grant);
    expect(inside.status).toBe(403);
    const html = await inside.text();
    expect(html).toContain("This link&#x27;s password has changed");
    expect(html).toContain("Open the link again and enter the new password, or ask Alex Sample for a new one.");
    expect(html).not.toContain("Wedding A");
  });
});

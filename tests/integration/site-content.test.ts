// The site's own content as data the owner edits: a new owner's profile,
// links, about text, settings, CV and portrait show on the home page, the
// gallery's title, og:* tags, feeds and the footer after one save each, and
// the logo in a share link's client view; they survive a restart; hostile
// input is refused with the field named and changes nothing; the page cache
// and ETags follow each edit.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { makeJpeg, makeLogoPng } from "../support/images";
import { queryDb } from "../support/inspect";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { shareKit } from "../support/share-links";
import {
  NEW_OWNER,
  pageHtml,
  pdfWith,
  postLogoForm,
  putSite,
  SITE_PATH,
  uploadCv,
  uploadPortraitForm,
} from "../support/site";
import { expectSoundStorage } from "../support/storage-check";

let server: TestServer;
let token: string;
let cookie: string;

beforeAll(async () => {
  server = await startServer();
  ({ token, cookie } = await loginAdmin(server.url));
});

afterAll(async () => {
  await server?.stop();
});

// The owner's site content only (the projects' sample marker lives in the same table).
const siteRows = () =>
  queryDb<{ key: string; value: string }>(
    server.dataDir,
    "SELECT key, value FROM site_settings WHERE key LIKE 'site.%'",
  );

// From a new install (nothing written, hostile input refused) to a filled-in site kept over a restart: in order.
describe("the site's content, from a new install on", { shuffle: false }, () => {
  describe("a new install", () => {
    it("shows the sample site and serves the sample CV as a PDF", async () => {
      const home = await pageHtml(server.url);
      // The home page's title is the site's own (here the owner's name), not "Portfolio | …".
      expect(home).toContain("<title>Alex Sample</title>");
      expect(home).toContain("Stockholm, Sweden");
      expect(home).toContain('href="/cv.pdf"');
      const cv = await fetch(`${server.url}/cv.pdf`);
      expect(cv.status).toBe(200);
      expect(cv.headers.get("content-type")).toBe("application/pdf");
      expect(cv.headers.get("x-content-type-options")).toBe("nosniff");
      expect(
        Buffer.from(await cv.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
      expect(siteRows()).toEqual([]);
    });
  });

  describe("hostile input", () => {
    it("refuses a javascript: link, naming the field, and changes nothing", async () => {
      const links = [
        ...NEW_OWNER.links,
        { id: "evil", kind: "custom", label: "Click", url: "javascript:alert(1)", icon: "code" },
      ];
      const response = await putSite(server.url, token, { profile: NEW_OWNER.profile, links });
      expect(response.status).toBe(400);
      // The exact field: the fifth link's address, in the message and in `field`.
      expect(await response.json()).toEqual({
        message: "links[5].url must start with http://, https://, mailto: or tel:",
        field: "links[5].url",
      });
      // The profile sent beside it was not saved either.
      expect(siteRows()).toEqual([]);
    });

    it("refuses a javascript: link in the plain form, marking that link's field, and keeps what was typed", async () => {
      const response = await fetch(`${server.url}${SITE_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({
          intent: "save-links",
          "links[0].id": "code",
          "links[0].label": "Code here",
          "links[0].url": "https://codeberg.org/x",
          "links[1].id": "network",
          "links[1].label": "Net",
          "links[1].url": "javascript:alert(1)",
          "links[4].label": "New",
          "links[4].url": "https://new.example.com",
        }),
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      const message = "links[1].url must start with http://, https://, mailto: or tel:";
      expect(html).toContain(`role="alert">${message}`);
      // That link's own address is marked, with the message beside it; the others are not.
      const input = /<input[^>]*name="links\[1\]\.url"[^>]*>/.exec(html)![0];
      expect(input).toContain('value="javascript:alert(1)"');
      expect(input).toContain('aria-invalid="true"');
      expect(input).toContain('aria-describedby="link-1-url-error"');
      expect(html).toContain(`<p class="field__error" id="link-1-url-error">${message}</p>`);
      expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
      // Every row keeps what was typed, the new one too; nothing was saved.
      expect(html).toContain('value="Code here"');
      expect(html).toContain('value="https://new.example.com"');
      expect(siteRows()).toEqual([]);
    });

    it("refuses a custom accent that loses contrast, naming the scheme's colour and why", async () => {
      const settings = { ...NEW_OWNER.settings, accent: "custom", customAccent: { light: "#e07a5f", dark: "#ffd54f" } };
      const response = await putSite(server.url, token, { settings });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message:
          "settings.customAccent.light must keep 4.5:1 contrast as text on the light scheme's pages: #e07a5f has 2.5:1; choose a darker colour",
        field: "settings.customAccent.light",
      });
      const form = await fetch(`${server.url}${SITE_PATH}/settings`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({
          intent: "save-settings",
          colourScheme: "system",
          accent: "custom",
          "customAccent.light": "#c2185b",
          "customAccent.dark": "#2747c7",
          homeTab: "projects",
        }),
      });
      expect(form.status).toBe(400);
      const html = await form.text();
      const input = /<input[^>]*name="customAccent\.dark"[^>]*>/.exec(html)![0];
      expect(input).toContain('value="#2747c7"');
      expect(input).toContain('aria-invalid="true"');
      expect(html).toContain(
        '<p class="field__error" id="settings-custom-dark-error">customAccent.dark must keep 4.5:1 contrast as text on the dark scheme&#x27;s pages',
      );
      expect(siteRows()).toEqual([]);
    });

    it("refuses a PDF that is not a PDF and one over 10 MB, keeping the CV", async () => {
      const fake = await uploadCv(server.url, token, Buffer.from("<html><script>alert(1)</script></html>"));
      expect(fake.status).toBe(415);
      expect(((await fake.json()) as { message: string }).message).toBe(
        "cv must be a PDF file: this one is not a PDF.",
      );
      const huge = Buffer.concat([pdfWith("big"), Buffer.alloc(11 * 1024 * 1024, 32)]);
      const tooLarge = await uploadCv(server.url, token, huge);
      expect(tooLarge.status).toBe(413);
      expect(((await tooLarge.json()) as { message: string }).message).toBe("cv must be at most 10 MB.");
      expect(siteRows()).toEqual([]);
      const cv = await fetch(`${server.url}/cv.pdf`);
      expect(cv.status).toBe(200);
      expectSoundStorage(server);
    });

    it("shows HTML and javascript: links in the about text as text", async () => {
      const about = 'Hi <img src=x onerror="alert(1)"> [click](javascript:alert(1)) <a href="javascript:x">a</a>';
      const response = await putSite(server.url, token, { profile: { ...NEW_OWNER.profile, about } });
      expect(response.status).toBe(200);
      const home = await pageHtml(server.url);
      const shown = /<div class="profile__about">([\s\S]*?)<\/div>/.exec(home)?.[1] ?? "";
      expect(shown).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
      expect(shown).not.toContain("<img");
      expect(shown).not.toContain('href="javascript');
      expect(shown).toContain("[click](javascript:alert(1))");
    });
  });

  describe("a new owner fills it in", () => {
    let etagBefore: string;

    beforeAll(async () => {
      etagBefore = (await fetch(server.url)).headers.get("etag")!;
      expect(etagBefore).toBeTruthy();
      // The gallery is page-cached for visitors: the copy made now must not outlive the save.
      expect(await pageHtml(server.url, "/photography")).toContain("<title>Image Gallery | Maria Nilsson</title>");
      const response = await putSite(server.url, token, NEW_OWNER);
      expect(response.status, await response.clone().text()).toBe(200);
    });

    it("shows the profile, the about text, the links in order and the settings on the home page", async () => {
      const home = await pageHtml(server.url);
      expect(home).toContain("<title>Maria&#x27;s North</title>");
      expect(home).toContain('<h1 class="profile__name">Maria Nilsson</h1>');
      expect(home).toContain("Tromsø, Norway");
      expect(home).toContain("<p>I photograph <em>northern light</em>.</p>");
      expect(home).toContain(
        '<a href="https://prints.example.com" target="_blank" rel="noopener noreferrer">my prints</a>',
      );
      expect(home).not.toContain("Alex Sample");
      expect(home).not.toContain("linkedin.com");
      const order = [
        "mailto:maria@example.org",
        "https://codeberg.org/maria",
        "/cv.pdf",
        "https://shop.example.com/maria",
      ];
      const header = /<header class="profile[^"]*">[\s\S]*?<\/header>/.exec(home)![0];
      const positions = order.map((href) => header.indexOf(`href="${href}"`));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(home).toContain('<html lang="en" data-scheme="dark"');
      expect(home).toContain('<meta name="color-scheme" content="dark"/>');
      expect(home).toContain("--accent:#1d6b3a");
      expect(home).toContain("All photographs © Maria Nilsson");
      expect(home).toContain('<meta property="og:site_name" content="Maria&#x27;s North"/>');
    });

    it("gives the gallery, its og tags and the feeds the new names", async () => {
      const gallery = await pageHtml(server.url, "/photography");
      expect(gallery).toContain("<title>Image Gallery | Maria&#x27;s North</title>");
      expect(gallery).toContain('<meta property="og:title" content="Image Gallery | Maria&#x27;s North"/>');
      expect(gallery).toContain('<meta name="description" content="Photographs by Maria Nilsson."/>');
      expect(gallery).toContain('<p class="page-header__lede">Maria Nilsson</p>');
      const feed = await (await fetch(`${server.url}/photography/feed.xml`)).text();
      expect(feed).toContain("<title>Image Gallery | Maria&apos;s North</title>");
      expect(feed).toContain("<author><name>Maria Nilsson</name></author>");
    });

    it("changes the ETag and the cached page at once", async () => {
      const again = await fetch(server.url, { headers: { "If-None-Match": etagBefore } });
      expect(again.status).toBe(200);
      expect(again.headers.get("etag")).not.toBe(etagBefore);
      expect(await again.text()).toContain("Maria Nilsson");
    });

    it("gives visitors the public fields and the owner every link and setting", async () => {
      const visitor = (await (await fetch(`${server.url}/api/site`)).json()) as {
        links: { id: string }[];
        settings: Record<string, unknown>;
      };
      expect(visitor.links.map((link) => link.id)).toEqual(["email", "code", "cv", "shop"]);
      expect(visitor.settings).not.toHaveProperty("showCameraDetails");
      const owner = (await (
        await fetch(`${server.url}/api/site`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        links: { id: string }[];
        settings: Record<string, unknown>;
      };
      expect(owner.links.map((link) => link.id)).toEqual(["email", "code", "network", "cv", "shop"]);
      expect(owner.settings.showCameraDetails).toBe(false);
    });

    it("replaces the CV, serving the new bytes with a new ETag, and removes it with No CV", async () => {
      const before = await fetch(`${server.url}/cv.pdf`);
      const etag = before.headers.get("etag")!;
      const pdf = pdfWith("Maria's CV");
      expect((await uploadCv(server.url, token, pdf)).status).toBe(201);
      const after = await fetch(`${server.url}/cv.pdf`, { headers: { "If-None-Match": etag } });
      expect(after.status).toBe(200);
      expect(after.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(await after.arrayBuffer()).equals(pdf)).toBe(true);
      expectSoundStorage(server);

      const removed = await fetch(`${server.url}/api/site/cv`, {
        method: "DELETE",
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(removed.status).toBe(204);
      expect((await fetch(`${server.url}/cv.pdf`)).status).toBe(404);
      const home = await pageHtml(server.url);
      expect(home).not.toContain('href="/cv.pdf"');
      expectSoundStorage(server);
    });

    it("makes a portrait through the photo pipeline, outside the gallery", async () => {
      await uploadPortraitForm(server.url, cookie, await makeJpeg(1200, 1200, 7));
      const home = await pageHtml(server.url);
      const src = /<picture class="profile__portrait">[\s\S]*?<img src="(\/media\/[a-f0-9]{32}\/w\d+\.webp)"/.exec(
        home,
      )?.[1];
      expect(src).toBeTruthy();
      const variant = await fetch(`${server.url}${src}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get("content-type")).toBe("image/webp");
      expect(queryDb(server.dataDir, "SELECT id FROM images")).toEqual([]);
      expectSoundStorage(server);
    });

    it("keeps all of it after a restart", async () => {
      await server.stop();
      server = await startServer({ dirs: { dataDir: server.dataDir, uploadsDir: server.uploadsDir } });
      const home = await pageHtml(server.url);
      expect(home).toContain('<h1 class="profile__name">Maria Nilsson</h1>');
      expect(home).toContain('<picture class="profile__portrait">');
      expect(home).toContain("All photographs © Maria Nilsson");
      // The restart's orphan sweep left the portrait's files alone.
      expectSoundStorage(server);
    });
  });

  describe("the links form", () => {
    type Link = { id: string; kind: string; label: string; url: string; icon: string };
    const ownerLinks = async () =>
      (
        (await (await fetch(`${server.url}/api/site`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
          links: Link[];
        }
      ).links;
    /** The one form as a browser sends it: every link's row, the blank row, and the button pressed. */
    const postLinks = (links: Link[], extra: Record<string, string> = {}) => {
      const body = new URLSearchParams({ intent: "save-links", ...extra });
      links.forEach((link, index) => {
        body.set(`links[${index}].id`, link.id);
        body.set(`links[${index}].label`, link.label);
        body.set(`links[${index}].url`, link.url);
        body.set(`links[${index}].icon`, link.icon);
      });
      return fetch(`${server.url}${SITE_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body,
      });
    };

    beforeAll(async () => {
      ({ token, cookie } = await loginAdmin(server.url));
    });

    it("saves every link, adds one and moves another in one post, with the icons of the kept sets", async () => {
      const before = await ownerLinks();
      const edited = before.map((link) =>
        link.id === "network"
          ? { ...link, label: "Instagram", url: "https://instagram.com/maria", icon: "instagram" }
          : link,
      );
      const n = edited.length;
      const response = await postLinks(edited, {
        [`links[${n}].label`]: "WhatsApp",
        [`links[${n}].url`]: "https://wa.me/4712345678",
        [`links[${n}].icon`]: "whatsapp",
        "link-action": "move-up:network",
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('role="status">Link moved.');
      const after = await ownerLinks();
      expect(after.map((link) => link.label)).toEqual([
        "Mail",
        "Instagram",
        "Codeberg",
        "CV",
        "Print shop",
        "WhatsApp",
      ]);
      expect(after[1]).toMatchObject({ kind: "network", url: "https://instagram.com/maria", icon: "instagram" });
      expect(after[5]).toMatchObject({ kind: "custom", icon: "whatsapp" });
      // The home page draws each icon from its set's own paths (simple-icons' Instagram mark, filled).
      const mark = fs.readFileSync(path.resolve("app/assets/icons/simple-icons/instagram.svg"), "utf8");
      const d = /<path d="([^"]+)"/.exec(mark)![1]!;
      const home = await pageHtml(server.url);
      const header = /<header class="profile[^"]*">[\s\S]*?<\/header>/.exec(home)![0];
      expect(header).toContain(`fill="currentColor" aria-hidden="true" focusable="false"><path d="${d}"></path>`);
    });

    it("removes a link of the owner's own but never one of the four", async () => {
      const links = await ownerLinks();
      const refused = await postLinks(links, { "link-action": "remove:network" });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Empty its address to hide this link.");
      const added = links.at(-1)!;
      const removed = await postLinks(links, { "link-action": `remove:${added.id}` });
      expect(removed.status).toBe(200);
      expect((await ownerLinks()).map((link) => link.id)).toEqual(links.slice(0, -1).map((link) => link.id));
    });

    it("refuses a new link without an address, naming the blank row's field", async () => {
      const links = await ownerLinks();
      const response = await postLinks(links, { [`links[${links.length}].label`]: "Nowhere" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(`links[${links.length}].url must not be empty`);
      expect(await ownerLinks()).toEqual(links);
    });
  });

  describe("the settings a photographer makes", () => {
    it("opens the home page on Photography, with Projects a tab away, and uses the owner's colours", async () => {
      ({ token, cookie } = await loginAdmin(server.url));
      const response = await fetch(`${server.url}${SITE_PATH}/settings`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({
          intent: "save-settings",
          title: "Maria's North",
          colourScheme: "system",
          accent: "custom",
          "customAccent.light": "#C2185B",
          "customAccent.dark": "#ffd54f",
          homeTab: "photography",
        }),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('role="status">Settings saved.');
      const home = await pageHtml(server.url);
      expect(home).toMatch(/<a[^>]*id="tab-photography"[^>]*aria-selected="true"/);
      // Photography is the first tab and the plain address; Projects has its own.
      expect(home.indexOf('id="tab-photography"')).toBeLessThan(home.indexOf('id="tab-projects"'));
      expect(/<a[^>]*id="tab-projects"[^>]*>/.exec(home)![0]).toContain('href="/?tab=projects"');
      expect(await pageHtml(server.url, "/?tab=projects")).toMatch(/id="tab-projects"[^>]*aria-selected="true"/);
      expect(home).toContain(":root{--accent:#c2185b;--accent-fg:#ffffff;}");
      expect(home).toContain(':root[data-scheme="dark"]{--accent:#ffd54f;--accent-fg:#000000;}');
      const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
      expect(sitemap).toContain("/?tab=projects</loc>");
      const api = (await (await fetch(`${server.url}/api/site`)).json()) as { settings: Record<string, unknown> };
      expect(api.settings).toMatchObject({
        accent: "custom",
        customAccent: { light: "#c2185b", dark: "#ffd54f" },
        homeTab: "photography",
      });
    });
  });

  describe("the logo", () => {
    it("shows in a client view's header in place of the name, without metadata, until it is removed", async () => {
      const kit = shareKit(server, { token });
      const album = await kit.createAlbum("Proofs for Ana", "proofs-for-ana");
      const grant = await kit.openLink(await kit.createLink(album.id, { clientView: true }));
      const header = async () => {
        const page = await kit.get(`/photography/albums/${album.slug}`, grant);
        expect(page.status).toBe(200);
        return /<header class="site-header">[\s\S]*?<\/header>/.exec(await page.text())![0];
      };
      const { name } = ((await (await fetch(`${server.url}/api/site`)).json()) as { profile: { name: string } })
        .profile;

      expect(await postLogoForm(server.url, cookie, await makeLogoPng())).toBe("Logo saved.");
      const img = /<img class="site-header__logo"[^>]*>/.exec(await header())![0];
      expect(img).toContain(`alt="${name}"`);
      expect(img).toContain('width="600" height="160"');
      const src = /src="(\/media\/[a-f0-9]{32}\/w600\.webp)"/.exec(img)![1]!;
      const variant = await fetch(`${server.url}${src}`);
      expect(variant.status).toBe(200);
      const served = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(served).toMatchObject({ format: "webp", hasAlpha: true });
      expect(served.exif).toBeUndefined();

      // Refused: the notice names the field, and the logo stays.
      expect(await postLogoForm(server.url, cookie, await makeJpeg(300, 80), "image/jpeg")).toBe(
        "logo must be a PNG image: this file is JPEG.",
      );
      expect(await header()).toContain(src);

      expect(await postLogoForm(server.url, cookie, null)).toBe("Logo removed.");
      expect(await header()).toContain(`<span class="site-header__home">${name}</span>`);
      expect((await fetch(`${server.url}${src}`)).status).toBe(404);
      expectSoundStorage(server);
    });
  });
});

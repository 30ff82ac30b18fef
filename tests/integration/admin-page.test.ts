import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { postPlainUpload } from "../support/plain-upload";
import { seedPhotos } from "../support/seed";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
const ADMIN = "/photography/admin";

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

function loginForm(fields: Record<string, string>) {
  return new URLSearchParams({ intent: "login", username: ADMIN_USERNAME, password: ADMIN_PASSWORD, ...fields });
}

async function photoForm(count: number) {
  const form = new FormData();
  form.set("name", "");
  form.set("description", "sneaked in");
  for (let i = 0; i < count; i++) {
    const data = await makeJpeg(64, 48, 500 + i);
    form.append("image", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), `sneaky-${i}.jpg`);
  }
  return form;
}

async function imageCount(): Promise<number> {
  const response = await fetch(`${server.url}/api/image?page=1`);
  return ((await response.json()) as { images: unknown[] }).images.length;
}

describe("the admin page is private", () => {
  it("answers every document and data request with Cache-Control: private, no-store", async () => {
    const { cookie } = await loginAdmin(server.url);
    for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
      for (const path of [ADMIN, `${ADMIN}.data`]) {
        const response = await fetch(`${server.url}${path}`, { headers });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      }
    }
  });

  it("shows a visitor the login form and no gallery figures", async () => {
    const html = await (await fetch(`${server.url}${ADMIN}`)).text();
    expect(html).toContain("Gallery Admin Login");
    expect(html).not.toContain("Admin Dashboard");
    expect(html).not.toContain("Storage used");
  });

  it("sends a visitor's upload to the login form and stores nothing", async () => {
    const before = await imageCount();
    const { answer, dashboard } = await postPlainUpload(server.url, "", await photoForm(2));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`${ADMIN}?redirectTo=${encodeURIComponent(ADMIN)}`);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    const html = await dashboard!.text();
    expect(html).toContain("Gallery Admin Login");
    expect(html).toMatch(/role="alert"[^>]*>You must be logged in as the admin\./);
    expect(await imageCount()).toBe(before);
  });

  it("refuses a multipart post without the upload intent before reading it", async () => {
    const { cookie } = await loginAdmin(server.url);
    const before = await imageCount();
    const response = await post(ADMIN, await photoForm(1), { Cookie: cookie });
    expect(response.status).toBe(415);
    expect(await imageCount()).toBe(before);
  });

  it("refuses an admin's upload sent from another site", async () => {
    const { cookie } = await loginAdmin(server.url);
    const before = await imageCount();
    const { answer } = await postPlainUpload(server.url, cookie, await photoForm(1), {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(answer.status).toBe(403);
    expect(await imageCount()).toBe(before);
  });

  it("stores an admin's plain-form upload and reports each file", async () => {
    const { cookie } = await loginAdmin(server.url);
    const before = await imageCount();
    const form = await photoForm(2);
    form.append("image", new Blob(["plain words"], { type: "text/plain" }), "notes.txt");
    const { dashboard } = await postPlainUpload(server.url, cookie, form);
    expect(dashboard?.status).toBe(200);
    const html = await dashboard!.text();
    // "2 of 3 uploaded" with a link to the gallery, never the spec's "uploaded successfully" while a file was refused;
    // each stored photo by name with its thumbnail and an edit link; apart, each refusal with its reason.
    expect(pageText(html)).toContain("2 of 3 uploaded · View them");
    expect(html).not.toContain("Image uploaded successfully");
    expect(html).toMatch(/<a href="\/photography"[^>]*>View them<\/a>/);
    const added = (await (await fetch(`${server.url}/api/image`)).json()) as {
      images: { id: number; url: string; name: string }[];
    };
    const stored = html.slice(html.indexOf('aria-label="Uploaded photos"'), html.indexOf('aria-label="Not uploaded"'));
    for (const photo of added.images.slice(0, 2)) {
      expect(stored).toContain(photo.url.split("/").at(-2));
      expect(stored).toContain(`<span class="photo-tile__name" title="${photo.name}">${photo.name}</span>`);
      expect(stored).toContain(`href="/photography?image=${photo.id}&amp;edit=1"`);
    }
    expect(stored.match(/class="photo-tile__thumb"/g)).toHaveLength(2);
    const refused = html.slice(html.indexOf('<div class="upload-summary__refused">'));
    expect(pageText(refused)).toMatch(/^Error uploading imagenotes\.txt: The file is not a supported image\./);
    expect(await imageCount()).toBe(before + 2);
  });

  it("shows the latest uploads beside the upload panel, newest first, each with a link to edit it", async () => {
    // Seven, one hidden (the owner's all the same): the six newest show, the oldest of the seven does not.
    const ids = await seedPhotos(
      server,
      Array.from({ length: 7 }, (_, index) => ({
        name: `Latest ${index}`,
        visibility: index === 5 ? ("hidden" as const) : ("public" as const),
      })),
    );
    const { cookie } = await loginAdmin(server.url);
    const html = await (await fetch(`${server.url}${ADMIN}`, { headers: { Cookie: cookie } })).text();
    const latest = html.slice(html.indexOf('<aside class="latest-uploads"'), html.indexOf("</aside>"));
    expect(pageText(latest)).toMatch(/^Latest uploads/);
    const edits = [...latest.matchAll(/href="\/photography\?image=(\d+)&amp;edit=1"/g)].map((match) =>
      Number(match[1]),
    );
    expect(edits).toEqual(ids.slice(1).reverse());
    expect(latest).toContain('aria-label="Edit Latest 5"');
  });
});

describe("login and logout through the page", () => {
  it.each(["//evil.example/", "/\\evil.example/", "javascript:alert(1)", "https://evil.example/", "/\t/evil.example/"])(
    "sends a login with redirectTo %j to the dashboard instead",
    async (target) => {
      const response = await post(ADMIN, loginForm({ redirectTo: target }));
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(ADMIN);
      expect(response.headers.get("set-cookie")).toMatch(/^__session=[^;]+;.*HttpOnly/i);
    },
  );

  it("follows a redirect target on this site", async () => {
    const response = await post(ADMIN, loginForm({ redirectTo: "/photography?from=login" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/photography?from=login");
  });

  it("opens a session whose cookie then shows the dashboard", async () => {
    const response = await post(ADMIN, loginForm({}));
    const cookie = response.headers.get("set-cookie")!.split(";")[0]!;
    const html = await (await fetch(`${server.url}${ADMIN}`, { headers: { Cookie: cookie } })).text();
    expect(html).toContain("Admin Dashboard");
    expect(html).toContain("Storage used");
  });

  it("answers a wrong password on the page with the server's message and status", async () => {
    const response = await post(ADMIN, loginForm({ password: "wrong-password" }));
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toMatch(/role="alert"[^>]*>Invalid username or password\./);
  });

  it("logs out: revokes the session, clears the cookie, goes to the gallery", async () => {
    const { cookie, token } = await loginAdmin(server.url);
    const response = await post(`${ADMIN}/logout`, new URLSearchParams(), { Cookie: cookie });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/photography");
    expect(response.headers.get("set-cookie")).toMatch(/^__session=;.*Max-Age=0/);
    const validate = await fetch(`${server.url}/api/auth/validate`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await validate.json()).toEqual({ valid: false });
  });

  it("shows the throttling message once too many attempts failed", async () => {
    // A server of its own: the throttle would hold back the other tests' logins.
    const throttled = await startServer();
    try {
      let response: Response | undefined;
      for (let attempt = 0; attempt < 8; attempt++) {
        response = await fetch(`${throttled.url}${ADMIN}`, {
          method: "POST",
          body: loginForm({ password: `wrong-${attempt}` }),
          redirect: "manual",
        });
        if (response.status === 429) break;
      }
      expect(response!.status).toBe(429);
      expect(await response!.text()).toMatch(
        /role="alert"[^>]*>Too many failed login attempts\. Try again in \d+ seconds\./,
      );
    } finally {
      await throttled.stop();
    }
  });
});

describe("the first-run checklist", () => {
  it("lists a new site's first steps with where each is done, ticks each off as the site shows it, then goes", async () => {
    // A site of its own: the steps read the whole site (its profile, photos, albums, share links).
    const site = await startServer();
    try {
      const { cookie, token } = await loginAdmin(site.url);
      const owner = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
      const checklist = async () => {
        const html = await (await fetch(`${site.url}${ADMIN}`, { headers: { Cookie: cookie } })).text();
        const start = html.indexOf('<section class="first-run"');
        return start < 0 ? null : html.slice(start, html.indexOf("</section>", start));
      };
      const first = (await checklist())!;
      expect(pageText(first)).toContain("Getting started0 of 4 done. This list goes once all are.");
      for (const [label, target] of [
        ["Set your name and links", "/photography/admin/site"],
        ["Upload photos", "/photography/admin#upload"],
        ["Make an album", "/photography/albums#new-album"],
        ["Share it", "/photography/albums#new-album"],
      ]) {
        expect(first).toMatch(new RegExp(`href="${target}"[^>]*>${label}</a>`));
      }

      // The sample's profile and links saved as they are are the owner's now.
      const current = (await (await fetch(`${site.url}/api/site`, { headers: owner })).json()) as object & {
        profile: unknown;
        links: unknown;
      };
      const saved = await fetch(`${site.url}/api/site`, {
        method: "PUT",
        headers: owner,
        body: JSON.stringify({ profile: current.profile, links: current.links }),
      });
      expect(saved.status).toBe(200);
      expect(pageText((await checklist())!)).toContain("1 of 4 done.");
      expect(pageText((await checklist())!)).toContain("Set your name and links (done)");

      await seedPhotos(site, [{ name: "First light" }]);
      expect(pageText((await checklist())!)).toContain("2 of 4 done.");

      const album = await fetch(`${site.url}/api/album`, {
        method: "POST",
        headers: owner,
        body: JSON.stringify({ name: "Harbour wedding" }),
      });
      const { id, slug } = (await album.json()) as { id: number; slug: string };
      const third = (await checklist())!;
      expect(pageText(third)).toContain("3 of 4 done.");
      expect(third).toMatch(new RegExp(`href="/photography/admin/albums/${slug}"[^>]*>Share it</a>`));

      const link = await fetch(`${site.url}/api/album/${id}/links`, {
        method: "POST",
        headers: owner,
        body: JSON.stringify({ label: "The couple" }),
      });
      expect(link.status).toBe(201);
      expect(await checklist()).toBeNull();
    } finally {
      await site.stop();
    }
  });
});

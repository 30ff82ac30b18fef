// The page guard (requireAdminPage) and the admin's action-only routes: an
// expired session is sent to the login form and brought back, the page's
// script gets a 401 it shows in place, the API keeps its JSON 401.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedPhotos } from "../support/seed";
import { postPlainUpload } from "../support/plain-upload";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
let photoId: number;
const ADMIN = "/photography/admin";

beforeAll(async () => {
  server = await startServer();
  [photoId] = (await seedPhotos(server, [{ name: "Kept name", filename: "kept.jpg" }])) as [number];
});

afterAll(async () => {
  await server?.stop();
});

/** A session that has ended: logged in, then logged out through the API with its token. */
async function endedSession(): Promise<{ cookie: string; token: string }> {
  const session = await loginAdmin(server.url);
  const logout = await fetch(`${server.url}/api/auth/logout`, {
    method: "POST",
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(logout.status).toBe(204);
  return session;
}

function editForm(name: string, redirectTo?: string) {
  const form = new URLSearchParams({ intent: "update", id: String(photoId), name, description: "" });
  if (redirectTo) form.set("redirectTo", redirectTo);
  return form;
}

async function photoName(): Promise<string> {
  return ((await (await fetch(`${server.url}/api/image/${photoId}`)).json()) as { name: string }).name;
}

describe("an edit saved after the session ended", () => {
  it("without JavaScript: goes to the login form with redirectTo, and back to the photo once logged in", async () => {
    const { cookie } = await endedSession();
    const photoPage = `/photography?image=${photoId}&edit=1`;
    const response = await fetch(`${server.url}${photoPage}`, {
      method: "POST",
      body: editForm("Lost edit", `/photography?image=${photoId}`),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    const location = response.headers.get("location")!;
    expect(location).toBe(`${ADMIN}?redirectTo=${encodeURIComponent(photoPage)}`);
    expect(await photoName()).toBe("Kept name");

    const login = await fetch(`${server.url}${location}`);
    const html = await login.text();
    expect(html).toContain("Gallery Admin Login");
    expect(html).toMatch(/role="alert"[^>]*>You must be logged in as the admin\./);
    expect(html).toContain(`name="redirectTo" value="${photoPage.replace("&", "&amp;")}"`);

    const back = await fetch(`${server.url}${location}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "login",
        username: ADMIN_USERNAME,
        password: ADMIN_PASSWORD,
        redirectTo: photoPage,
      }),
      redirect: "manual",
    });
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(photoPage);
  });

  it("from the page's script: a 401 answer, no redirect, nothing saved", async () => {
    const { cookie } = await endedSession();
    const response = await fetch(`${server.url}/photography.data?client=js`, {
      method: "POST",
      body: editForm("Lost edit"),
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(response.status).toBe(401);
    expect(await response.text()).toContain("Your session has ended — log in again");
    expect(await photoName()).toBe("Kept name");
  });

  it("through the API: still the JSON 401", async () => {
    const { token } = await endedSession();
    const response = await fetch(`${server.url}/api/image/${photoId}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Lost edit" }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "You must be logged in as the admin." });
  });

  it("a failed login on the way keeps the redirectTo", async () => {
    const target = `/photography?image=${photoId}`;
    const response = await fetch(`${server.url}${ADMIN}?redirectTo=${encodeURIComponent(target)}`, {
      method: "POST",
      body: new URLSearchParams({
        intent: "login",
        username: ADMIN_USERNAME,
        password: "wrong-password",
        redirectTo: target,
      }),
    });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toMatch(/role="alert"[^>]*>Invalid username or password\./);
    expect(html).toContain(`name="redirectTo" value="${target}"`);
    // The form posts to its own URL, so without JavaScript the answer page keeps the redirectTo too.
    const action = html.match(/<form[^>]*class="login-form"[^>]*>/)?.[0];
    expect(action).toContain(`action="${ADMIN}?redirectTo=${encodeURIComponent(target)}"`);
  });
});

describe("a visitor (no session)", () => {
  it("is sent to the login form by an edit or delete post, and nothing changes", async () => {
    const before = await (await fetch(`${server.url}/api/image/${photoId}`)).json();
    const post = (form: Record<string, string>) =>
      fetch(`${server.url}/photography`, {
        method: "POST",
        body: new URLSearchParams({ id: String(photoId), redirectTo: "/photography", ...form }),
        redirect: "manual",
      });
    const update = await post({ intent: "update", name: "Hacked", description: "" });
    // Sent to the login form, which would bring them back to the page they posted from.
    expect(update.status).toBe(303);
    expect(update.headers.get("location")).toBe(`${ADMIN}?redirectTo=%2Fphotography`);
    const remove = await post({ intent: "delete" });
    expect(remove.status).toBe(303);
    expect(await (await fetch(`${server.url}/api/image/${photoId}`)).json()).toEqual(before);
  });
});

describe("a live session saving from another site", () => {
  it("is refused with 403 before the page runs", async () => {
    const { cookie } = await loginAdmin(server.url);
    const response = await fetch(`${server.url}/photography?image=${photoId}&edit=1`, {
      method: "POST",
      body: editForm("Forged", `/photography?image=${photoId}`),
      headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(response.status).toBe(403);
    // Refused in front of React Router (express.server.ts), as every cross-site page action is.
    expect(await response.json()).toEqual({ message: "Cross-site requests are not allowed." });
    expect(await photoName()).toBe("Kept name");
  });
});

describe("the action-only routes", () => {
  it.each(["upload", "logout"])("%s answers GET with 405 naming POST", async (name) => {
    const response = await fetch(`${server.url}${ADMIN}/${name}`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ message: "Use POST here." });
  });

  it("the upload report is shown once: a refresh shows the dashboard alone", async () => {
    const { cookie } = await loginAdmin(server.url);
    const form = new FormData();
    form.append("image", new Blob(["plain words"], { type: "text/plain" }), "once.txt");
    const { answer, dashboard, reportCookie } = await postPlainUpload(server.url, cookie, form);
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(ADMIN);
    expect(reportCookie).toMatch(/HttpOnly/i);
    const html = await dashboard!.text();
    expect(pageText(html)).toContain("0 of 1 uploaded");
    expect(html).toContain("once.txt");
    expect(dashboard!.headers.getSetCookie().join("\n")).toMatch(/^__upload_report=;.*Max-Age=0/m);

    const again = await fetch(`${server.url}${ADMIN}`, { headers: { Cookie: cookie } });
    expect(await again.text()).not.toContain("upload-summary");
  });

  it("an upload without files is reported on the dashboard", async () => {
    const { cookie } = await loginAdmin(server.url);
    const form = new FormData();
    form.set("name", "nothing");
    const { dashboard } = await postPlainUpload(server.url, cookie, form);
    expect(await dashboard!.text()).toMatch(/role="alert"[^>]*>Choose at least one image to upload\./);
  });

  it("a report too long for a cookie names the files it can and counts the rest", async () => {
    const { cookie } = await loginAdmin(server.url);
    const form = new FormData();
    for (let i = 0; i < 50; i++) {
      form.append(
        "image",
        new Blob([`words ${i}`], { type: "text/plain" }),
        `${String(i).padStart(2, "0")}-${"long-name-".repeat(20)}.txt`,
      );
    }
    const { dashboard, reportCookie } = await postPlainUpload(server.url, cookie, form);
    expect(reportCookie!.length).toBeLessThanOrEqual(4000);
    const html = await dashboard!.text();
    expect(pageText(html)).toContain("0 of 50 uploaded");
    const listed = html.match(/<strong>\d\d-long-name-/g)?.length ?? 0;
    expect(listed).toBeGreaterThan(0);
    expect(html).toContain(`${50 - listed} more files are not listed.`);
  });
});

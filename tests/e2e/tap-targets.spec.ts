// On a phone every control is at least 44×44 CSS px (WCAG 2.5.5's size):
// every visible link, button and field of each page, for a visitor and for the admin.
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";

const PHONE = { width: 412, height: 915 };
const MIN = 44;

interface Target {
  what: string;
  width: number;
  height: number;
}

/**
 * The controls whose hit area is smaller than 44×44: a control passes when
 * its own box is that large, or when every point of a 44×44 square around
 * its centre reaches it (a stretched link's ::after); a checkbox or radio
 * also counts its label's box, which toggles it.
 * Controls in an inert part (the page behind the open viewer) cannot be reached.
 */
function smallTargets(page: Page): Promise<Target[]> {
  return page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      "a[href], button, input:not([type=hidden]), select, textarea, summary",
    );
    const reaches = (control: HTMLElement, x: number, y: number) => {
      const hit = document.elementFromPoint(x, y);
      if (!hit) return false;
      if (control.contains(hit)) return true;
      return control instanceof HTMLInputElement && [...(control.labels ?? [])].some((label) => label.contains(hit));
    };
    const small: Target[] = [];
    for (const control of controls) {
      if (control.closest("[inert]") || !control.checkVisibility({ visibilityProperty: true })) continue;
      const own = control.getBoundingClientRect();
      // A skip link and other focus-only controls are clipped to a pixel until focused.
      if (own.width <= 1 && own.height <= 1) continue;
      const boxes = [own, ...(control instanceof HTMLInputElement ? [...(control.labels ?? [])] : [])].map((element) =>
        element instanceof DOMRect ? element : element.getBoundingClientRect(),
      );
      if (boxes.some((box) => box.width >= min - 0.5 && box.height >= min - 0.5)) continue;
      control.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      const box = control.getBoundingClientRect();
      const [cx, cy, r] = [box.left + box.width / 2, box.top + box.height / 2, min / 2 - 1];
      const square = [-r, 0, r].flatMap((dx) => [-r, 0, r].map((dy) => [cx + dx, cy + dy] as const));
      if (square.every(([x, y]) => reaches(control, x, y))) continue;
      const text = (control.getAttribute("aria-label") ?? control.textContent ?? "").trim().slice(0, 40);
      small.push({
        what: `${control.tagName.toLowerCase()}.${control.className} "${text}"`,
        width: Math.round(own.width),
        height: Math.round(own.height),
      });
    }
    return small;
  }, MIN);
}

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  if (javaScriptEnabled) await waitForHydration(page);
}

test.use({ viewport: PHONE, hasTouch: true });

test("every control of every page is at least 44×44 on a phone", async ({ page, server, javaScriptEnabled }) => {
  const [photo] = await server.seed(2, { prefix: "Tap" });
  const token = await server.adminToken();
  const created = await page.request.post("/api/album", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Tap targets ${javaScriptEnabled ? "js" : "no-js"}` },
  });
  expect(created.status()).toBe(201);
  const album = (await created.json()) as { id: number; slug: string };
  const member = await page.request.put(`/api/image/${photo}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { albumIds: [album.id] },
  });
  expect(member.status()).toBe(200);
  const albumPage = `/photography/albums/${album.slug}`;
  const link = await page.request.post(`/api/album/${album.id}/links`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { label: "Tap client", password: "tap password" },
  });
  expect(link.status()).toBe(201);
  const sharePage = new URL(((await link.json()) as { url: string }).url).pathname;

  const visitorPages = [
    "/",
    "/photography",
    `/photography?image=${photo}`,
    "/photography/albums",
    albumPage,
    `${albumPage}?image=${photo}`,
    sharePage,
    "/photography/admin",
  ];
  const adminPages = [
    "/photography",
    `/photography?image=${photo}`,
    `/photography?image=${photo}&edit=1`,
    `/photography?image=${photo}&confirm=delete`,
    "/photography/albums",
    albumPage,
    `/photography/admin/albums/${album.slug}`,
    "/photography/admin",
  ];
  const found: Record<string, Target[]> = {};
  for (const [who, paths] of [
    ["visitor", visitorPages],
    ["admin", adminPages],
  ] as const) {
    if (who === "admin") await loginInBrowser(page);
    for (const path of paths) {
      await visit(page, path, javaScriptEnabled);
      const small = await smallTargets(page);
      if (small.length) found[`${who} ${path}`] = small;
    }
  }
  expect(found).toEqual({});
});

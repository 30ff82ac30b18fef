import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN_PASSWORD, ADMIN_USERNAME, loginAdmin, startServer, type TestServer } from "../support/server";
import { seedPhotos } from "../support/seed";
import type { LibraryKind } from "../support/template";
import { HELD_MODULE_ID } from "~/server/http/page-scripts.server";

export interface SeedOptions {
  /** Names them "<prefix> <n>". */
  prefix?: string;
  /** One description for all; "Description of <prefix> <n>" each by default. */
  description?: string;
  /** Which library photo (template.ts): the small JPEG shapes in turn by default. */
  photo?: LibraryKind;
}

export type SeedableServer = TestServer & {
  /** Adds `count` photos (the seed fixture, no uploads); returns their ids, oldest first. */
  seed: (count: number, options?: SeedOptions) => Promise<number[]>;
  adminToken: () => Promise<string>;
};

/** Starts a server of its own from the template (an empty gallery) with `seed` and `adminToken`. */
export async function startSeedableServer(): Promise<SeedableServer> {
  const server = await startServer();
  let seedIndex = 0;
  const adminToken = async () => (await loginAdmin(server.url)).token;
  const seed = (count: number, { prefix = "Photo", description, photo }: SeedOptions = {}) =>
    seedPhotos(
      server,
      Array.from({ length: count }, () => {
        seedIndex++;
        return {
          photo: photo ?? seedIndex,
          name: `${prefix} ${seedIndex}`,
          description: description ?? `Description of ${prefix.toLowerCase()} ${seedIndex}`,
          filename: `${prefix.toLowerCase()}-${seedIndex}.jpg`,
        };
      }),
    );
  return Object.assign(server, { seed, adminToken });
}

export interface WorkerFixtures {
  /**
   * This file's server: a worker runs file after file in one mode (playwright.config.ts), and each file gets a server
   * of its own, started from the template before its first test, so no file sees what another made. Tests and
   * `beforeFirstTest` may use it; a `beforeAll` hook runs before the file's server starts, and using it there throws.
   */
  server: SeedableServer;
  /** Where `server` is kept: the file it belongs to and the server. */
  serverSlot: { file?: string; server?: SeedableServer };
}

/** `slot`'s server, through a check that it belongs to the file running now. */
function currentFileServer(slot: WorkerFixtures["serverSlot"]): SeedableServer {
  return new Proxy({} as SeedableServer, {
    get(_, key) {
      if (!slot.server || slot.file !== base.info().file)
        throw new Error("This file's server starts with its first test: seed in beforeFirstTest, not beforeAll");
      return slot.server[key as keyof SeedableServer];
    },
  });
}

/** Tests read Playwright's own `javaScriptEnabled` fixture: true in the "js" project, false in "no-js". */
export const test = base.extend<{ fileServer: SeedableServer }, WorkerFixtures>({
  serverSlot: [
    async ({}, use) => {
      const slot: WorkerFixtures["serverSlot"] = {};
      await use(slot);
      await slot.server?.stop();
    },
    { scope: "worker" },
  ],
  server: [async ({ serverSlot }, use) => use(currentFileServer(serverSlot)), { scope: "worker" }],
  // Before every test, first of all: a new file gets a new server, stopping the last file's.
  fileServer: [
    async ({ serverSlot }, use, testInfo) => {
      if (serverSlot.file !== testInfo.file) {
        const last = serverSlot.server;
        serverSlot.server = undefined;
        await last?.stop();
        serverSlot.server = await startSeedableServer();
        serverSlot.file = testInfo.file;
      }
      await use(serverSlot.server!);
    },
    { auto: true },
  ],
  baseURL: async ({ fileServer }, use) => use(fileServer.url),
});

/**
 * Runs `prepare` once per file (or describe) before its first test, on the file's own server: what `beforeAll` would
 * do, once that server has started.
 */
export function beforeFirstTest(prepare: (server: SeedableServer) => Promise<void>): void {
  let prepared = false;
  test.beforeEach(async ({ server }) => {
    if (prepared) return;
    prepared = true;
    await prepare(server);
  });
}

/** Logs the browser context in as the admin through the login form's API, setting the session cookie. */
export async function loginInBrowser(page: Page): Promise<void> {
  const response = await page.request.post("/api/auth/login", {
    data: { username: "admin", password: "test-password-123" },
  });
  expect(response.status()).toBe(200);
}

/**
 * With JavaScript on, waits until React has taken over the page: its first render committed and its effects run
 * (root.tsx marks `<html data-hydrated>` last), so every control the server rendered has its handlers and refs. The
 * router alone is not enough: it exists while hydration still runs, and a key pressed then reached a dropzone whose
 * file input had no ref yet.
 *
 * Once the page has loaded it starts the page's held scripts as a person's scroll would (record 052), instead of
 * waiting for the browser's report of the first photo's paint: Chromium makes none for a photo this page already drew
 * once (a second deep link to it), and then the scripts waited for their three-second fallback. `startScripts: false`
 * leaves that to the page, for the tests of when scripts start (page-scripts.spec.ts).
 */
export async function waitForHydration(page: Page, { startScripts = true } = {}): Promise<void> {
  if (startScripts) {
    await page
      .evaluate((heldId) => {
        // Only while the scripts are still held: no script of the app's is running yet to see the event.
        const start = () => document.getElementById(heldId) && dispatchEvent(new Event("scroll"));
        if (document.readyState === "complete") start();
        else addEventListener("load", start, { once: true });
      }, HELD_MODULE_ID)
      // A page that is navigating away has no scripts to start: the wait below follows the next one.
      .catch(() => undefined);
  }
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Picks up a sortable item with Space and waits until its arrow keys work. dnd-kit's keyboard sensor announces the
 * pick-up at once but listens for keys only from a zero-delay timer it starts then; a timer of ours started after the
 * announcement runs after it, so an arrow pressed next always reaches the sensor.
 */
export async function pickUpWithKeyboard(page: Page, handle: Locator, announcement: string): Promise<Locator> {
  await handle.focus();
  await page.keyboard.press("Space");
  const liveRegion = page.locator("[id^='DndLiveRegion']");
  await expect(liveRegion).toContainText(announcement);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  return liveRegion;
}

/**
 * Drags `handle` onto `target` with the mouse as a hand would: pressed at its middle, moved by `nudge` (past the drag
 * sensor's activation distance), then to the target's middle in small steps, and released.
 */
export async function dragWithMouse(
  page: Page,
  handle: Locator,
  target: Locator,
  nudge: { x?: number; y?: number },
): Promise<void> {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + (nudge.x ?? 0), start.y + (nudge.y ?? 0), { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.up();
}

/** Holds the page's requests to `url` until the returned function lets them go. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the page's scripts: what someone does before they run (they start after the first photo, record 052) must
 * count once they do.
 */
export const holdScripts = (page: Page) => holdRequests(page, "**/assets/*.js");

/**
 * Logs in through the API (session cookie) and, where JavaScript runs, stores the client token as the login form does
 * and waits until React runs the dashboard the server drew. Returns the token.
 */
export async function openDashboard(page: Page, javaScriptEnabled = true): Promise<string> {
  const response = await page.request.post("/api/auth/login", {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.addInitScript((stored) => localStorage.setItem("gallery_auth_token", stored), token);
  await page.goto("/photography/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  return token;
}

export { expect };

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
   * This file's server: each file gets a server of its own, started from the template before its first test, so no
   * file sees what another made; a file's tests run with JavaScript and without it on the one server, unless the file
   * asks for `oneServerPerMode()`. Tests and `beforeFirstTest` may use it; a `beforeAll` hook runs before the file's
   * server starts, and using it there throws.
   */
  server: SeedableServer;
  /** Where `server` is kept: the file they belong to, its servers (one, or one per mode) and the one in use. */
  serverSlot: { file?: string; servers: Map<boolean | "both", SeedableServer>; current?: SeedableServer };
}

/** `slot`'s server in use, through a check that it belongs to the file running now. */
function currentFileServer(slot: WorkerFixtures["serverSlot"]): SeedableServer {
  return new Proxy({} as SeedableServer, {
    get(_, key) {
      if (!slot.current || slot.file !== base.info().file)
        throw new Error("This file's server starts with its first test: seed in beforeFirstTest, not beforeAll");
      return slot.current[key as keyof SeedableServer];
    },
  });
}

/** The spec files (their paths) that asked for `oneServerPerMode()`. */
const filesWithServerPerMode = new Set<string>();

const fileTest = base.extend<{ fileServer: SeedableServer }, WorkerFixtures>({
  serverSlot: [
    async ({}, use) => {
      const slot: WorkerFixtures["serverSlot"] = { servers: new Map() };
      await use(slot);
      await Promise.all([...slot.servers.values()].map((server) => server.stop()));
    },
    { scope: "worker" },
  ],
  server: [async ({ serverSlot }, use) => use(currentFileServer(serverSlot)), { scope: "worker" }],
  // Before every test, first of all: a new file gets a new server (or one per mode), stopping the last file's.
  fileServer: [
    async ({ serverSlot, javaScriptEnabled }, use, testInfo) => {
      if (serverSlot.file !== testInfo.file) {
        const last = [...serverSlot.servers.values()];
        serverSlot.servers.clear();
        serverSlot.current = undefined;
        await Promise.all(last.map((server) => server.stop()));
        serverSlot.file = testInfo.file;
      }
      const key = filesWithServerPerMode.has(testInfo.file) ? javaScriptEnabled : "both";
      if (!serverSlot.servers.has(key)) serverSlot.servers.set(key, await startSeedableServer());
      serverSlot.current = serverSlot.servers.get(key)!;
      await use(serverSlot.current);
    },
    { auto: true },
  ],
  baseURL: async ({ fileServer }, use) => use(fileServer.url),
});

/**
 * The two modes a test runs in, each left out by the other's tag (docs/testing.md#javascript-on-and-off). Both run in
 * the same worker, each test with JavaScript then without, on the file's one server: a project per mode started every
 * file's server twice.
 */
const MODES = [
  { name: "js", javaScriptEnabled: true, leftOutBy: "@no-js-only" },
  { name: "no-js", javaScriptEnabled: false, leftOutBy: "@js-only" },
] as const;

type Details = { tag?: string | string[] } | undefined;
const tagsOf = (details: unknown): string[] => [(details as Details)?.tag ?? []].flat();

/** The tags of the `test.describe` blocks being declared, outermost first: a block's tag reaches the tests inside. */
const describeTags: string[][] = [];

type Location = { file: string; line: number; column: number };
/**
 * Playwright's declarations with the place they were made: `test()` and `test.describe()` take theirs from their direct
 * caller, which is this file once they are wrapped. Playwright keeps them on its test type (1.65); its reports, a run of
 * `file:line` and `testInfo.file` (which picks the file's server) need the spec's own place.
 */
type Declarations = {
  _createTest: (type: "default", location: Location, ...args: unknown[]) => void;
  _describe: (type: "default", location: Location, ...args: unknown[]) => void;
};
function declarationsOf(testType: object): Declarations {
  const key = Object.getOwnPropertySymbols(testType).find((symbol) => symbol.description === "testType");
  const impl = key && (testType as Record<symbol, Partial<Declarations>>)[key];
  if (!impl?._createTest || !impl._describe)
    throw new Error("This Playwright keeps no test type: update the declarations in tests/e2e/fixtures.ts");
  return impl as Declarations;
}

/** The spec line that called `test` or `test.describe`: the first frame of the stack outside this file. */
function specLocation(): Location {
  // The stack as the worker prints it: mapped back to the TypeScript source.
  for (const line of new Error().stack!.split("\n").slice(1)) {
    const match = /\(?([^()\s]+):(\d+):(\d+)\)?$/.exec(line);
    if (match && !match[1]!.endsWith("/fixtures.ts") && !match[1]!.startsWith("node:"))
      return { file: match[1]!.replace(/^file:\/\//, ""), line: Number(match[2]), column: Number(match[3]) };
  }
  throw new Error("test() called from no spec file");
}

/**
 * `testType` declaring each test once per mode it runs in, inside a block named and tagged after the mode (`js` and
 * `@js`, `no-js` and `@no-js`: `--grep @no-js` picks the runs without JavaScript); its `test.describe` passes its tag
 * to the tests inside, and its `test.extend` does the same.
 */
function withModes<T extends typeof fileTest>(testType: T): T {
  const declarations = declarationsOf(testType);
  const describe = new Proxy(testType.describe, {
    apply(_target, _thisArg, args: unknown[]) {
      const body = args.pop() as () => void;
      const tags = tagsOf(args[1]);
      declarations._describe("default", specLocation(), ...args, () => {
        describeTags.push(tags);
        try {
          body();
        } finally {
          describeTags.pop();
        }
      });
    },
  });
  return new Proxy(testType, {
    apply(_target, _thisArg, args: unknown[]) {
      const location = specLocation();
      const tags = [...describeTags.flat(), ...(args.length > 2 ? tagsOf(args[1]) : [])];
      for (const mode of MODES.filter(({ leftOutBy }) => !tags.includes(leftOutBy)))
        declarations._describe("default", location, mode.name, { tag: `@${mode.name}` }, () => {
          testType.use({ javaScriptEnabled: mode.javaScriptEnabled });
          declarations._createTest("default", location, ...args);
        });
    },
    get(target, key) {
      if (key === "describe") return describe;
      // What an extended test type declares runs in both modes too.
      if (key === "extend")
        return (fixtures: object) => withModes((target.extend as (fixtures: object) => T)(fixtures));
      return Reflect.get(target, key);
    },
  });
}

/**
 * The suite's `test`: Playwright's, with this file's server, each test run with JavaScript and without unless it is
 * tagged `@js-only` or `@no-js-only`. Tests read Playwright's own `javaScriptEnabled` fixture where their steps differ.
 */
export const test = withModes(fileTest);

/**
 * Gives each mode's runs of this file a server of their own: for a file whose tests change what the other mode's run
 * starts from and cannot tell apart (the owner's password or two-step codes, the site's one set of links, a photo's
 * bytes the gallery refuses twice).
 */
export function oneServerPerMode(): void {
  filesWithServerPerMode.add(specLocation().file);
}

/**
 * Runs `prepare` once per file (or describe) before its first test, on the file's own server: what `beforeAll` would
 * do, once that server has started.
 */
export function beforeFirstTest(prepare: (server: SeedableServer) => Promise<void>): void {
  const prepared = new WeakSet<SeedableServer>();
  test.beforeEach(async ({ fileServer }) => {
    if (prepared.has(fileServer)) return;
    prepared.add(fileServer);
    await prepare(fileServer);
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

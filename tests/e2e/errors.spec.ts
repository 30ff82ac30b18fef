import Database from "better-sqlite3";
import path from "node:path";
import { expect, test, waitForHydration, type SeedableServer, beforeFirstTest } from "./fixtures";

const REQUEST_ID = /Request id: ([0-9a-f]{12})/;

let own: SeedableServer;
beforeFirstTest(async (server) => {
  own = server;
  await own.seed(2);
});

/** Makes every query of the photos fail, as a damaged database would, until the returned function puts it back. */
function hidePhotosTable(): () => void {
  const sqlite = new Database(path.join(own.dataDir, "portfolio.sqlite"));
  sqlite.exec("ALTER TABLE images RENAME TO images_hidden");
  return () => {
    sqlite.exec("ALTER TABLE images_hidden RENAME TO images");
    sqlite.close();
  };
}

/** The server's log lines that mention `text`. */
function logLines(text: string): string[] {
  return own
    .output()
    .split("\n")
    .filter((line) => line.includes(text));
}

test("an unexpected server error: a 500 page naming the request id, and one log line with that id", async ({
  page,
  javaScriptEnabled,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  // This file's server logs the other mode's run of this test too: count from here.
  const logStart = own.output().length;
  const restore = hidePhotosTable();
  try {
    const response = await page.goto(`${own.url}/?tab=photography`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { level: 1, name: "Unexpected Application Error!" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "500 Internal Server Error" })).toBeVisible();
    await expect(page.getByText(REQUEST_ID)).toBeVisible();
    const id = REQUEST_ID.exec((await page.getByText(REQUEST_ID).textContent())!)![1]!;

    await expect.poll(() => logLines(id)).toHaveLength(1);
    expect(logLines(id)[0]).toMatch(
      new RegExp(`^Request ${id} failed: GET /\\?tab=photography: SqliteError: no such table: images`),
    );

    if (javaScriptEnabled) {
      // The browser never knew the id: hydrating keeps the server's text, without a mismatch.
      await waitForHydration(page);
      await expect(page.getByText(`Request id: ${id}`)).toBeVisible();
      expect(problems.filter((text) => /hydrat|did not match|react\.dev\/errors\/4(1[89]|2[0-5])/i.test(text))).toEqual(
        [],
      );
    }
  } finally {
    restore();
  }
  // Logged once, not again by a second render or the browser's requests.
  expect(
    own
      .output()
      .slice(logStart)
      .match(/failed: GET \/\?tab=photography:/g),
  ).toHaveLength(1);
});

test(
  "an unexpected error met on a client-side navigation shows its status, without an empty id line",
  { tag: "@js-only" },
  async ({ page }) => {
    // Without JavaScript every error page is a server render, covered above.
    await page.goto(`${own.url}/photography/admin`);
    await waitForHydration(page);
    const restore = hidePhotosTable();
    try {
      await page.getByRole("link", { name: "Back to the gallery" }).click();
      await expect(page.getByRole("heading", { level: 2, name: "500 Internal Server Error" })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/photography");
      await expect(page.getByText(/Request id/)).toHaveCount(0);
      await expect.poll(() => logLines("failed: GET /photography.data")).toHaveLength(1);
    } finally {
      restore();
    }
  },
);

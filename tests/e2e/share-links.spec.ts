import type { Album } from "~/lib/album";
import type { ShareLink } from "~/lib/share-link";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { thumbnail, viewer } from "./gallery-helpers";

test("the owner shares a private album with a password; the client opens it; revoked, the link is gone", async ({
  page,
  browser,
  server,
  javaScriptEnabled,
}) => {
  // Two browser contexts, a password check and several page loads: more than the default budget on a busy machine.
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const ids = await server.seed(2, { prefix: `Shared ${mode}` });
  const token = await server.adminToken();
  const owner = { Authorization: `Bearer ${token}` };
  const album = (await (
    await page.request.post("/api/album", {
      data: { name: `Shared with a client ${mode}`, visibility: "private" },
      headers: owner,
    })
  ).json()) as Album;
  for (const id of ids) {
    const put = await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers: owner });
    expect(put.status()).toBe(200);
  }

  // The owner: the album page's Sharing link, then a new link with a password.
  if (javaScriptEnabled) await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginInBrowser(page);
  await page.goto(`/photography/albums/${album.slug}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByRole("link", { name: "Sharing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Sharing: ${album.name}` })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Who it is for").fill(`Client of ${mode}`);
  await page.getByLabel("Password (optional)").fill("client secret");
  await page.getByLabel("Downloads").selectOption("web");
  await page.getByRole("button", { name: "Create link" }).click();
  const urlField = page.getByRole("textbox", { name: `The link for Client of ${mode}`, exact: true });
  await expect(urlField).toBeVisible();
  const url = await urlField.inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/s/[A-Za-z0-9_-]{43}$`));
  const copy = page.locator(".share-created").getByRole("button", { name: `Copy the link for Client of ${mode}` });
  if (javaScriptEnabled) {
    await copy.click();
    await expect(page.locator(".share-created").getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  } else {
    await expect(copy).toBeHidden();
  }
  const row = page.locator(".share-link", { hasText: `Client of ${mode}` });
  await expect(row.getByText("Live", { exact: true })).toBeVisible();

  // The client: another browser, the link, the password, the album and its viewer.
  const clientContext = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const client = await clientContext.newPage();
  await client.goto(url);
  await expect(client.getByRole("heading", { level: 1, name: "Shared album" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(client);
  await client.getByLabel("Password").fill("not it");
  await client.getByRole("button", { name: "Open album" }).click();
  await expect(client.getByText("That password does not open this link.")).toBeVisible();
  await client.getByLabel("Password").fill("client secret");
  await client.getByRole("button", { name: "Open album" }).click();
  await client.waitForURL(`**/photography/albums/${album.slug}`);
  await expect(client.getByRole("heading", { level: 1, name: album.name })).toBeVisible();
  await expect(client.getByRole("link", { name: "Sharing" })).toHaveCount(0);
  if (javaScriptEnabled) await waitForHydration(client);
  await thumbnail(client, ids[0]!).click();
  await expect(viewer(client)).toBeVisible();

  // The reload (a GET, the form having redirected) makes no second link; the list keeps the address to copy again.
  await page.reload();
  await expect(urlField).toHaveCount(0);
  await expect(page.locator(".share-link", { hasText: `Client of ${mode}` })).toHaveCount(1);
  const kept = row.getByRole("textbox", { name: `Address of the link for Client of ${mode}` });
  await expect(kept).toHaveValue(url);
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await page.evaluate(() => navigator.clipboard.writeText(""));
    await row.getByRole("button", { name: `Copy the link for Client of ${mode}` }).click();
    await expect(row.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  }

  // The owner revokes it with one click while the client is inside the album: whatever the client does next says so.
  await client.goto(`/photography/albums/${album.slug}`);
  if (javaScriptEnabled) await waitForHydration(client);
  // A second tab of the client's, on the album too.
  const tab = await clientContext.newPage();
  await tab.goto(`/photography/albums/${album.slug}`);
  if (javaScriptEnabled) await waitForHydration(tab);
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
  await expect(kept).toHaveCount(0);
  const ended = client.getByRole("heading", { level: 1, name: "This link is no longer valid" });
  if (javaScriptEnabled) {
    // A heart clicked on the open page: its script loads the page again, which says the link ended.
    await client
      .getByRole("button", { name: /^Favourite / })
      .first()
      .click();
    await expect(ended).toBeVisible();
    expect(await client.reload().then((response) => response?.status())).toBe(410);
    // A navigation the script makes (the favourites filter): the same page, drawn in place.
    await tab.getByRole("link", { name: "My favourites" }).click();
    await expect(tab.getByRole("heading", { level: 1, name: "This link is no longer valid" })).toBeVisible();
    await expect(tab.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  } else {
    const inside = await client.goto(`/photography/albums/${album.slug}?image=${ids[0]}`);
    expect(inside?.status()).toBe(410);
    await expect(ended).toBeVisible();
    await tab.getByRole("link", { name: "My favourites" }).click();
    await expect(tab.getByRole("heading", { level: 1, name: "This link is no longer valid" })).toBeVisible();
  }
  await expect(client.getByText("Ask Alex Sample for a new one.")).toBeVisible();
  await expect(client.getByRole("heading", { name: "Unexpected Application Error!" })).toHaveCount(0);
  const gone = await client.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(ended).toBeVisible();
  await clientContext.close();
});

test.describe("in the owner's time zone", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the expiry is entered on the owner's clock: the browser's until a zone is saved, then the saved one", async ({
    page,
    server,
    javaScriptEnabled,
  }) => {
    const mode = javaScriptEnabled ? "js" : "no-js";
    const owner = { Authorization: `Bearer ${await server.adminToken()}` };
    const album = (await (
      await page.request.post("/api/album", { data: { name: `Zoned ${mode}`, visibility: "private" }, headers: owner })
    ).json()) as Album;
    await loginInBrowser(page);
    await page.goto(`/photography/admin/albums/${album.slug}`);
    const zone = page.getByLabel("Your time zone");
    if (javaScriptEnabled) {
      // Nothing saved yet: the browser's zone is offered, and the form reads the expiry in it.
      await waitForHydration(page);
      await expect(zone).toHaveValue("Asia/Tokyo");
      await expect(page.getByText("Expires (optional, Asia/Tokyo time)")).toBeVisible();
    } else {
      // Without JavaScript the server's zone is offered until the owner saves theirs.
      await expect(zone).not.toHaveValue("Asia/Tokyo");
      await zone.selectOption("Asia/Tokyo");
      await page.getByRole("button", { name: "Save time zone" }).click();
      await expect(zone).toHaveValue("Asia/Tokyo");
      await expect(page.getByText("Expires (optional, Asia/Tokyo time)")).toBeVisible();
    }
    await page.getByLabel("Who it is for").fill(`Tokyo client ${mode}`);
    await page.getByLabel("Date", { exact: true }).fill("2099-01-15");
    await page.getByLabel("Time", { exact: true }).fill("09:00");
    await page.getByRole("button", { name: "Create link" }).click();
    const row = page.locator(".share-link", { hasText: `Tokyo client ${mode}` });
    await expect(row).toBeVisible();
    const links = (await (await page.request.get(`/api/album/${album.id}/links`, { headers: owner })).json()) as {
      links: ShareLink[];
    };
    expect(links.links.find((link) => link.label === `Tokyo client ${mode}`)?.expiresAt).toBe(
      "2099-01-15T00:00:00.000Z",
    );
    // A date already past: a sentence, in the owner's time, beside the form.
    await page.getByLabel("Who it is for").fill("Too late");
    await page.getByLabel("Date", { exact: true }).fill("2020-05-01");
    await page.getByLabel("Time", { exact: true }).fill("10:00");
    await page.getByRole("button", { name: "Create link" }).click();
    // The date is marked, and the sentence is beside it (the banner above the form says it too).
    await expect(page.getByLabel("Date", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Date", { exact: true })).toHaveAccessibleDescription(
      /^The link would end on May 1, 2020, 10:00 GMT\+9, which has already passed\./,
    );
  });
});

test("a watermarked link's client sees proofs in the grid and the viewer, loaded", async ({
  browser,
  server,
  javaScriptEnabled,
}) => {
  const mode = javaScriptEnabled ? "js" : "no-js";
  const [id] = await server.seed(1, { prefix: `Marked ${mode}` });
  const owner = { Authorization: `Bearer ${await server.adminToken()}`, "Content-Type": "application/json" };
  const call = async (path: string, method: string, body: unknown) => {
    const response = await fetch(server.url + path, { method, headers: owner, body: JSON.stringify(body) });
    expect(response.ok).toBe(true);
    return response.json() as Promise<unknown>;
  };
  const album = (await call("/api/album", "POST", { name: `Marked proofs ${mode}`, visibility: "private" })) as Album;
  await call(`/api/image/${id}`, "PUT", { albumIds: [album.id] });
  const watermark = { kind: "text", text: "© Proof", position: "tiled", size: 30, opacity: 50 };
  const link = (await call(`/api/album/${album.id}/links`, "POST", { label: "Marked", watermark })) as ShareLink & {
    url: string;
  };

  const context = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const client = await context.newPage();
  await client.goto(link.url);
  await client.waitForURL(`**/photography/albums/${album.slug}`);
  const proof = new RegExp(`/media/[a-f0-9]{32}/p${link.id}-[0-9a-f]{12}-w\\d+\\.webp$`);
  /** The image's chosen address, once it has loaded. */
  const loadedSource = (image: ReturnType<typeof client.locator>) =>
    expect
      .poll(() =>
        image.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : "")),
      )
      .toMatch(proof);
  await loadedSource(thumbnail(client, id!).locator("img"));
  if (javaScriptEnabled) await waitForHydration(client);
  await thumbnail(client, id!).click();
  await expect(viewer(client)).toBeVisible();
  await loadedSource(viewer(client).locator("img").first());
  await context.close();
});

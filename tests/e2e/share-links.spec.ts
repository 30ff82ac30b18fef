import type { Album } from "~/lib/album";
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
  const urlField = page.getByRole("textbox", { name: `The link for Client of ${mode}` });
  await expect(urlField).toBeVisible();
  const url = await urlField.inputValue();
  expect(url).toMatch(new RegExp(`^${server.url}/s/[A-Za-z0-9_-]{43}$`));
  if (javaScriptEnabled) {
    await page.getByRole("button", { name: "Copy" }).click();
    await expect(page.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  } else {
    await expect(page.getByRole("button", { name: "Copy" })).toBeHidden();
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

  // The owner revokes it with one click; the client's link and album are gone at once.
  await page.reload();
  // Shown once: the reload (a GET, the form having redirected) neither shows the URL again nor makes a second link.
  await expect(urlField).toHaveCount(0);
  await expect(page.locator(".share-link", { hasText: `Client of ${mode}` })).toHaveCount(1);
  await row.getByRole("button", { name: "Revoke" }).click();
  await expect(row.getByText("Revoked", { exact: true })).toBeVisible();
  const gone = await client.goto(url);
  expect(gone?.status()).toBe(410);
  await expect(client.getByRole("heading", { level: 1, name: "This link is no longer valid" })).toBeVisible();
  const albumPage = await client.goto(`/photography/albums/${album.slug}`);
  expect(albumPage?.status()).toBe(404);
  await clientContext.close();
});

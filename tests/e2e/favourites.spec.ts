import fs from "node:fs";
import type { Page } from "@playwright/test";
import type { Album } from "~/lib/album";
import { FIRST_COMMENTS, FIRST_FAVOURITES } from "~/lib/favourites";
import type { ShareLink } from "~/lib/share-link";
import { expect, loginInBrowser, test, waitForHydration } from "./fixtures";
import { expectRoomAroundSeparator, thumbnail, viewer } from "./gallery-helpers";

/** A private album of the photos `ids` with one share link, made through the owner's API. */
async function proofingAlbum(
  page: Page,
  owner: Record<string, string>,
  name: string,
  ids: number[],
  linkData: { label: string; chooseCount?: number },
): Promise<{ album: Album; link: ShareLink & { url: string } }> {
  const album = (await (
    await page.request.post("/api/album", { data: { name, visibility: "private" }, headers: owner })
  ).json()) as Album;
  for (const id of ids) {
    expect((await page.request.put(`/api/image/${id}`, { data: { albumIds: [album.id] }, headers: owner })).ok()).toBe(
      true,
    );
  }
  const link = (await (
    await page.request.post(`/api/album/${album.id}/links`, { data: linkData, headers: owner })
  ).json()) as ShareLink & { url: string };
  return { album, link };
}

test("a client names themself once, hearts photos in the grid and the viewer; the owner sees them and downloads the CSV", async ({
  page,
  browser,
  server,
  javaScriptEnabled,
}) => {
  // Two browser contexts and a dozen page loads: more than the default budget on a busy machine.
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const prefix = `Fav ${mode}`;
  const ids = await server.seed(3, { prefix });
  const owner = { Authorization: `Bearer ${await server.adminToken()}` };
  const { album, link } = await proofingAlbum(page, owner, `Proofing for a client ${mode}`, ids, {
    label: `Couple ${mode}`,
  });
  const names = await Promise.all(
    ids.map(
      async (id) =>
        ((await (await page.request.get(`/api/image/${id}`, { headers: owner })).json()) as { name: string }).name,
    ),
  );

  // The client: the link, a heart, the name it asks for once, then more hearts in the grid and one in the viewer.
  const clientContext = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const client = await clientContext.newPage();
  await client.goto(link.url);
  await expect(client.getByRole("heading", { level: 1, name: album.name })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(client);
  await expect(client.getByText("0 favourites")).toBeVisible();
  const heart = (index: number) => client.getByRole("button", { name: `Favourite ${names[index]}`, exact: true });
  await heart(0).click();
  await client.getByLabel("Your name").fill(`Ada ${mode}`);
  await client.getByRole("button", { name: "Save and mark favourite" }).click();
  await expect(heart(0)).toHaveAttribute("aria-pressed", "true");
  await expect(client.getByText("1 favourite", { exact: false })).toBeVisible();
  await heart(1).click();
  await expect(heart(1)).toHaveAttribute("aria-pressed", "true");
  await expect(client.getByText("2 favourites")).toBeVisible();
  await expect(heart(2)).toHaveAttribute("aria-pressed", "false");

  await thumbnail(client, ids[2]!).click();
  const inViewer = viewer(client).getByRole("button", { name: `Favourite ${names[2]}` });
  await expect(inViewer).toHaveAttribute("aria-pressed", "false");
  await inViewer.click();
  await expect(inViewer).toHaveAttribute("aria-pressed", "true");

  await client.goto(`/photography/albums/${album.slug}`);
  for (const index of [0, 1, 2]) await expect(heart(index)).toHaveAttribute("aria-pressed", "true");
  await expect(client.getByText(`3 favourites · Ada ${mode}`)).toBeVisible();
  await expectRoomAroundSeparator(client.locator(".favourites-count"));

  // On a phone: two columns; "My favourites" lists the marked photos alone (a link: without JavaScript too).
  await client.setViewportSize({ width: 412, height: 915 });
  const [left, right] = await Promise.all([0, 1].map((n) => client.locator(".gallery-item").nth(n).boundingBox()));
  expect(left!.y).toBe(right!.y);
  expect(right!.x).toBeGreaterThan(left!.x + left!.width);
  expect(left!.width).toBeLessThan(412 / 2);
  await heart(0).click();
  await expect(heart(0)).toHaveAttribute("aria-pressed", "false");
  await client.getByRole("link", { name: "My favourites" }).click();
  await expect(client.getByRole("link", { name: "My favourites" })).toHaveAttribute("aria-current", "true");
  await expect(client.locator(".gallery-item")).toHaveCount(2);
  await expect(thumbnail(client, ids[0]!)).toHaveCount(0);
  await client.getByRole("link", { name: "All photos" }).click();
  await expect(client.locator(".gallery-item")).toHaveCount(3);
  await heart(0).click();
  await expect(heart(0)).toHaveAttribute("aria-pressed", "true");
  await clientContext.close();

  // The owner: the album admin page's Favourites, the file names for Lightroom, and the CSV.
  if (javaScriptEnabled) await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await loginInBrowser(page);
  await page.goto(`/photography/admin/albums/${album.slug}`);
  const section = page.getByRole("region", { name: "Favourites" });
  await expect(section.getByRole("heading", { level: 3, name: `Couple ${mode}` })).toBeVisible();
  await expect(section.getByRole("heading", { level: 4, name: `Ada ${mode} 3 favourites` })).toBeVisible();
  await expect(section.getByRole("img")).toHaveCount(3);
  const field = section.getByRole("textbox", { name: `File names of Ada ${mode}'s favourites (Couple ${mode})` });
  const expected = (await field.inputValue()).split(", ");
  expect(expected).toHaveLength(3);
  for (const name of expected) expect(name).toMatch(new RegExp(`^fav ${mode}-\\d+$`));
  if (javaScriptEnabled) {
    await waitForHydration(page);
    await section.getByRole("button", { name: "Copy file names" }).click();
    await expect(section.getByText("Copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected.join(", "));
  } else {
    await expect(section.getByRole("button", { name: "Copy file names" })).toBeHidden();
  }
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    section.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${album.slug}-favourites.csv`);
  const csv = fs.readFileSync((await download.path())!, "utf8").split("\r\n");
  expect(csv[0]).toBe("\uFEFFLink,Visitor,File name,Photo title,Image id,Favourited at,Comment");
  expect(csv.filter((line) => line.startsWith(`Couple ${mode},Ada ${mode},fav ${mode}-`))).toHaveLength(3);
});

test("a first heart in the viewer asks for the name there (or on the album page without JavaScript) and keeps the click", async ({
  page,
  browser,
  server,
  javaScriptEnabled,
}) => {
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const [id] = await server.seed(1, { prefix: `Viewer heart ${mode}` });
  const owner = { Authorization: `Bearer ${await server.adminToken()}` };
  const { album, link } = await proofingAlbum(page, owner, `Viewer hearts ${mode}`, [id!], { label: "Viewer" });

  const clientContext = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const client = await clientContext.newPage();
  await client.goto(link.url);
  await client.goto(`/photography/albums/${album.slug}?image=${id}`);
  if (javaScriptEnabled) await waitForHydration(client);
  const heart = () => viewer(client).getByRole("button", { name: `Favourite Viewer heart ${mode}` });
  await heart().click();
  // With JavaScript the viewer asks; without, the album page does, then sends the browser back to the viewer.
  const form = javaScriptEnabled ? viewer(client) : client;
  await form.getByLabel("Your name").fill("Grace");
  await form.getByRole("button", { name: "Save and mark favourite" }).click();
  await expect(heart()).toHaveAttribute("aria-pressed", "true");
  expect(new URL(client.url()).searchParams.get("image")).toBe(String(id));
  await heart().click();
  await expect(heart()).toHaveAttribute("aria-pressed", "false");
  await client.reload();
  await expect(heart()).toHaveAttribute("aria-pressed", "false");
  await clientContext.close();
});

test("a client chooses up to the link's number, sends the selection with a note, and is locked until the owner reopens it", async ({
  page,
  browser,
  server,
  javaScriptEnabled,
}) => {
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const ids = await server.seed(3, { prefix: `Choose ${mode}` });
  const owner = { Authorization: `Bearer ${await server.adminToken()}` };
  const { album, link } = await proofingAlbum(page, owner, `Choose two ${mode}`, ids, {
    label: `Choosers ${mode}`,
    chooseCount: 2,
  });

  const clientContext = await browser.newContext({ javaScriptEnabled, baseURL: server.url });
  const client = await clientContext.newPage();
  await client.goto(link.url);
  if (javaScriptEnabled) await waitForHydration(client);
  await expect(client.getByText("Choose up to 2 photos")).toBeVisible();
  await expect(client.getByText("0 of 2 chosen")).toBeVisible();
  const hearts = client.locator(".heart--tile");
  await hearts.nth(0).click();
  await client.getByLabel("Your name").fill(`Chooser ${mode}`);
  await client.getByRole("button", { name: "Save and mark favourite" }).click();
  await expect(client.getByText("1 of 2 chosen")).toBeVisible();
  await hearts.nth(1).click();
  await expect(client.getByText("2 of 2 chosen")).toBeVisible();
  // The server refuses a third, and says why (in place with JavaScript, on the page it returns to without).
  await hearts.nth(2).click();
  await expect(client.getByRole("alert")).toHaveText(
    "You can choose up to 2 photos. Take the heart off another photo first.",
  );
  await expect(hearts.nth(2)).toHaveAttribute("aria-pressed", "false");
  await expect(client.getByText("2 of 2 chosen")).toBeVisible();

  await client.getByLabel("A note for the photographer (optional)").fill(`Both, please <${mode}>`);
  await client.getByRole("button", { name: "Send my selection" }).click();
  await expect(client.getByRole("status").filter({ hasText: /^Sent on / })).toBeVisible();
  await expect(hearts.nth(0)).toBeDisabled();
  await expect(client.getByRole("button", { name: "Send my selection" })).toHaveCount(0);

  // The owner sees the selection sent, with its note, and reopens it.
  await loginInBrowser(page);
  await page.goto(`/photography/admin/albums/${album.slug}`);
  const section = page.getByRole("region", { name: "Favourites" });
  await expect(section.getByText("Sent", { exact: true })).toBeVisible();
  await expect(section.getByLabel(`Chooser ${mode}'s note`)).toHaveText(`Both, please <${mode}>`);
  await section.getByRole("button", { name: `Reopen Chooser ${mode}'s selection` }).click();
  await expect(section.getByText("Reopened", { exact: true })).toBeVisible();

  await client.reload();
  await expect(hearts.nth(0)).toBeEnabled();
  await expect(client.getByRole("button", { name: "Send my selection" })).toBeVisible();
  await clientContext.close();
});

test("the owner's page shows each visitor's first favourites and comments; Show all opens the rest, and Back closes them", async ({
  page,
  playwright,
  server,
  javaScriptEnabled,
}) => {
  test.slow();
  const mode = javaScriptEnabled ? "js" : "no-js";
  const ids = await server.seed(FIRST_FAVOURITES + 1, { prefix: `Many ${mode}` });
  const owner = { Authorization: `Bearer ${await server.adminToken()}` };
  const { album, link } = await proofingAlbum(page, owner, `Many hearts ${mode}`, ids, { label: `Guests ${mode}` });

  // A client who hearts every photo and comments on one more than the page shows, through the plain forms and the API.
  const name = `Hearty ${mode}`;
  const client = await playwright.request.newContext({ baseURL: server.url });
  await client.get(link.url);
  const albumPage = `/photography/albums/${album.slug}`;
  const form = { imageId: String(ids[0]), favourite: "1", name };
  expect((await client.post(`${albumPage}/favourites`, { form, maxRedirects: 0 })).status()).toBe(303);
  for (const id of ids.slice(1)) expect((await client.put(`/api/album/${album.id}/favourites/${id}`)).ok()).toBe(true);
  for (const id of ids.slice(0, FIRST_COMMENTS + 1)) {
    const comment = { intent: "comment", imageId: String(id), comment: `Brighter ${id}` };
    expect((await client.post(`${albumPage}/selection`, { form: comment, maxRedirects: 0 })).status()).toBe(303);
  }
  await client.dispose();

  await loginInBrowser(page);
  const adminPage = `/photography/admin/albums/${album.slug}`;
  await page.goto(adminPage);
  if (javaScriptEnabled) await waitForHydration(page);
  const section = page.getByRole("region", { name: "Favourites" });
  await expect(section.getByRole("heading", { level: 4, name: `${name} ${ids.length} favourites` })).toBeVisible();
  const thumbnails = section.locator(".favourites-thumbs img");
  const comments = section.getByRole("list", { name: `${name}'s comments` }).getByRole("listitem");
  const names = section.getByRole("textbox", { name: `File names of ${name}'s favourites (Guests ${mode})` });
  const shut = async () => {
    await expect(thumbnails).toHaveCount(FIRST_FAVOURITES);
    await expect(comments).toHaveCount(FIRST_COMMENTS);
    // Every name for Lightroom, shown or not.
    expect((await names.inputValue()).split(", ")).toHaveLength(ids.length);
  };
  await shut();
  await expect(
    section.getByRole("link", { name: `Show all ${FIRST_COMMENTS + 1} of ${name}'s comments` }),
  ).toBeVisible();

  await section.getByRole("link", { name: `Show all ${ids.length} of ${name}'s favourites` }).click();
  await expect(thumbnails).toHaveCount(ids.length);
  await expect(comments).toHaveCount(FIRST_COMMENTS + 1);
  const opened = new URL(page.url());
  expect(opened.pathname).toBe(adminPage);
  expect(opened.searchParams.get("visitor")).toMatch(/^\d+$/);
  await expect(page.locator(opened.hash)).toBeInViewport();
  await expect(
    section.getByRole("link", { name: `Show the first ${FIRST_FAVOURITES} of ${name}'s favourites` }),
  ).toBeVisible();

  // Back is the page as it was.
  await page.goBack();
  await expect(page).toHaveURL(`${server.url}${adminPage}`);
  await shut();
});

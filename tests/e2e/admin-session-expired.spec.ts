import { ADMIN_PASSWORD, ADMIN_USERNAME } from "../support/server";
import { expect, test } from "./fixtures";
import { fetchImage, thumbnail, viewer, waitForHydration } from "./gallery-helpers";

const SESSION_ENDED = "Your session has ended — log in again";

test("saving an edit after the session ended leads to the login form and back to the photo", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  const [id] = await server.seed(1, { prefix: "Expiring" });
  const photoPage = `/photography?image=${id}&edit=1`;
  const login = await page.request.post("/api/auth/login", {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  const { token } = (await login.json()) as { token: string };
  await page.goto(photoPage);
  if (javaScriptEnabled) await waitForHydration(page);
  await viewer(page).getByPlaceholder("Image name").fill("Never saved");

  // The session ends under the open page (logged out elsewhere): the browser keeps its dead cookie.
  const logout = await fetch(`${server.url}/api/auth/logout`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(logout.status).toBe(204);
  await viewer(page).getByRole("button", { name: "Save" }).click();

  const atLogin = (url: URL) =>
    url.pathname === "/photography/admin" && url.searchParams.get("redirectTo") === photoPage;
  if (javaScriptEnabled) {
    // In place: the gallery and the typed values stay, the message links to the login form.
    const alert = viewer(page).getByRole("alert");
    await expect(alert).toHaveText(SESSION_ENDED);
    await expect(thumbnail(page, id!)).toBeAttached();
    await expect(viewer(page).getByPlaceholder("Image name")).toHaveValue("Never saved");
    await alert.getByRole("link", { name: SESSION_ENDED }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Gallery Admin Login" })).toBeVisible();
  await expect(page).toHaveURL(atLogin);
  await expect(page.getByRole("alert")).toHaveText("You must be logged in as the admin.");

  // Nothing was saved, and the API still answers the ended session with its JSON 401.
  expect(((await (await fetchImage(server.url, id!)).json()) as { name: string }).name).toMatch(/^Expiring \d+$/);
  const api = await fetch(`${server.url}/api/image/${id}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Never saved" }),
  });
  expect(api.status).toBe(401);
  expect(await api.json()).toEqual({ message: "You must be logged in as the admin." });

  if (javaScriptEnabled) await expect(page.locator('input[name="client"][value="js"]')).toHaveCount(1);
  await page.getByLabel("Username").fill(ADMIN_USERNAME);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();

  await expect(page).toHaveURL((url) => url.pathname + url.search === photoPage);
  await expect(viewer(page).getByPlaceholder("Image name")).toHaveValue(/^Expiring \d+$/);
  await viewer(page).getByPlaceholder("Image name").fill("Saved after logging in");
  await viewer(page).getByRole("button", { name: "Save" }).click();
  await expect(viewer(page).getByRole("heading", { name: "Saved after logging in" })).toBeVisible();
});

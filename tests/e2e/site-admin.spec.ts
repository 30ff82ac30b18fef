// The Site section of the admin (issues 20 and 29), with JavaScript on and off:
// the owner edits the profile and sees it on the home page, uploads a CV,
// changes a setting, saves every link in one form, and a refused link is
// marked at its own field and keeps what was typed.
import type { Page } from "@playwright/test";
import { expect, loginInBrowser, oneServerPerMode, test, waitForHydration } from "./fixtures";

// Each mode saves and moves the site's one set of links and its one profile, from the sample ones.
oneServerPerMode();

/** Opens the Site page: from the dashboard's navigation the first time, by its address after that. */
async function openSite(page: Page, javaScriptEnabled: boolean, { fromDashboard = false } = {}): Promise<void> {
  await loginInBrowser(page);
  if (fromDashboard) {
    await page.goto("/photography/admin");
    await page.getByRole("navigation", { name: "Site" }).getByRole("link", { name: "Site", exact: true }).click();
    await expect(page).toHaveURL("/photography/admin/site");
  } else {
    await page.goto("/photography/admin/site");
  }
  await expect(page.getByRole("heading", { level: 1, name: "Site" })).toBeVisible();
  if (javaScriptEnabled) await waitForHydration(page);
}

test("edits the profile and sees it on the home page", async ({ page, javaScriptEnabled }) => {
  const name = javaScriptEnabled ? "Ada Lindqvist" : "Ada Berg";
  await openSite(page, javaScriptEnabled, { fromDashboard: true });
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Tagline").fill("Mountain photographer");
  await page.getByLabel("About").fill("I climb *and* photograph.\n\n[Prints](https://prints.example.com)");
  await page.getByRole("button", { name: "Save profile" }).click();
  await expect(page.getByRole("status")).toHaveText("Profile saved.");
  // The header follows at once.
  await expect(page.locator(".site-header__home")).toHaveText(name);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Mountain photographer", { exact: true })).toBeVisible();
  await expect(page.locator(".profile__about em")).toHaveText("and");
  await expect(page.locator(".profile__about").getByRole("link", { name: "Prints" })).toHaveAttribute(
    "href",
    "https://prints.example.com",
  );
  // The home page's title is the site's own: here the owner's name, as no site title is set.
  await expect(page).toHaveTitle(name);
  await expect(page.getByRole("contentinfo")).toContainText(name);
});

test("uploads a CV that /cv.pdf then serves", async ({ page, javaScriptEnabled }) => {
  const pdf = Buffer.from(`%PDF-1.4\n% CV of the ${javaScriptEnabled ? "js" : "no-js"} owner\n%%EOF\n`);
  await openSite(page, javaScriptEnabled);
  await page.getByLabel("PDF file").setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: pdf });
  await page.getByRole("button", { name: "Upload CV" }).click();
  await expect(page.getByRole("status")).toHaveText("CV uploaded.");
  const served = await page.request.get("/cv.pdf");
  expect(served.headers()["content-type"]).toBe("application/pdf");
  expect((await served.body()).equals(pdf)).toBe(true);
});

test("refuses a javascript: link at that link's own field and keeps what was typed", async ({
  page,
  javaScriptEnabled,
}) => {
  await openSite(page, javaScriptEnabled);
  const links = page.locator("#links");
  const adding = links.getByRole("group", { name: "Add a link" });
  await adding.getByLabel("Label").fill("Trap");
  await adding.getByLabel("Address").fill("javascript:alert(1)");
  await links.getByRole("button", { name: "Save links" }).click();
  const message = "links[4].url must start with http://, https://, mailto: or tel:";
  await expect(page.getByRole("alert")).toHaveText(message);
  const address = adding.getByLabel("Address");
  await expect(address).toHaveValue("javascript:alert(1)");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(address).toHaveAccessibleDescription(message);
  await expect(adding.getByLabel("Label")).toHaveValue("Trap");
  await expect(links.locator('[aria-invalid="true"]')).toHaveCount(1);
});

test("saves every link in one form, with a network's icon, and moves one", async ({ page, javaScriptEnabled }) => {
  await openSite(page, javaScriptEnabled);
  const links = page.locator("#links");
  const network = links.getByRole("listitem").filter({ hasText: "Network profile" });
  await network.getByLabel("Label").fill("Instagram");
  await network.getByLabel("Address").fill("https://instagram.com/ada");
  await network.getByLabel("Icon").selectOption("Instagram");
  const adding = links.getByRole("group", { name: "Add a link" });
  await adding.getByLabel("Label").fill("Phone");
  await adding.getByLabel("Address").fill("tel:+4612345678");
  await adding.getByLabel("Icon").selectOption("Phone");
  // Moving saves what was typed too.
  await network.getByRole("button", { name: "Move up" }).click();
  await expect(page.getByRole("status")).toHaveText("Link moved.");
  await expect(links.getByRole("listitem").first()).toContainText("Network profile");
  await expect(links.getByRole("listitem").first().getByLabel("Label")).toHaveValue("Instagram");
  await expect(links.getByRole("listitem").last().getByLabel("Address")).toHaveValue("tel:+4612345678");

  await page.goto("/");
  const profileLinks = page.locator(".profile__links a");
  await expect(profileLinks.first()).toHaveAttribute("href", "https://instagram.com/ada");
  await expect(profileLinks.last()).toHaveAttribute("href", "tel:+4612345678");
  await expect(profileLinks.last()).not.toHaveAttribute("target");
});

test("changes the colour scheme, which the next page applies", async ({ page, javaScriptEnabled }) => {
  await openSite(page, javaScriptEnabled);
  await page.getByRole("navigation", { name: "Site section" }).getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/photography/admin/site/settings");
  if (javaScriptEnabled) await waitForHydration(page);
  const scheme = javaScriptEnabled ? "Dark" : "Light";
  await page.getByLabel(scheme, { exact: true }).check();
  await page.getByLabel("Footer line").fill(`Footer set ${scheme}`);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved.");
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-scheme", scheme.toLowerCase());
  await expect(page.getByRole("contentinfo")).toContainText(`Footer set ${scheme}`);
});

test("refuses a custom accent that loses contrast at its own colour, then opens the home page on Photography", async ({
  page,
  javaScriptEnabled,
}) => {
  await loginInBrowser(page);
  await page.goto("/photography/admin/site/settings");
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByLabel("Custom", { exact: true }).check();
  await page.getByLabel("Light scheme").fill("#e07a5f");
  await page.getByLabel("Dark scheme").fill("#ffd54f");
  await page.getByLabel("Photography", { exact: true }).check();
  await page.getByLabel("Site title").fill("Ada Photographs");
  await page.getByLabel("Light", { exact: true }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  const message =
    "customAccent.light must keep 4.5:1 contrast as text on the light scheme's pages: #e07a5f has 2.5:1; choose a darker colour";
  await expect(page.getByRole("alert")).toHaveText(message);
  const light = page.getByLabel("Light scheme");
  await expect(light).toHaveAttribute("aria-invalid", "true");
  await expect(light).toHaveAccessibleDescription(message);
  await expect(light).toHaveValue("#e07a5f");
  await expect(page.getByLabel("Photography", { exact: true })).toBeChecked();

  await light.fill("#c2185b");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved.");
  await page.goto("/");
  await expect(page).toHaveTitle("Ada Photographs");
  const tabs = page.getByRole("tab");
  await expect(tabs.first()).toHaveText("Photography");
  await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("link", { name: "View full gallery" })).toBeVisible();
  await page.getByRole("tab", { name: "Projects" }).click();
  await expect(page).toHaveURL("/?tab=projects");
  await expect(page.getByRole("tab", { name: "Projects" })).toHaveAttribute("aria-selected", "true");
  // The owner's accent colours the page (the light scheme's, as chosen above).
  expect(
    await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--accent").trim()),
  ).toBe("#c2185b");
});

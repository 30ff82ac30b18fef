import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect, test } from "./fixtures";

test("the gallery announces its Atom feed, which parses and whose links open the photos", async ({ page, server }) => {
  const [id] = await server.seed(1, { prefix: "Feed" });
  await page.goto("/photography");
  const href = await page.locator('link[rel="alternate"][type="application/atom+xml"]').getAttribute("href");
  expect(href).toBe("/photography/feed.xml");

  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const xml = await response.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ["entry", "link"].includes(name) });
  const { feed } = parser.parse(xml) as {
    feed: { entry: { title: string; link: { "@_href": string }[]; "media:content": { "@_url": string } }[] };
  };
  const entry = feed.entry.find((candidate) => candidate.link[0]!["@_href"].endsWith(`?image=${id}`));
  expect(entry).toBeDefined();
  expect((await page.request.get(entry!["media:content"]["@_url"])).status()).toBe(200);

  // The entry's link is the photo's deep link: the viewer, open on that photo.
  await page.goto(entry!.link[0]!["@_href"]);
  await expect(page.getByRole("dialog").getByRole("heading", { name: entry!.title, exact: true })).toBeVisible();
});

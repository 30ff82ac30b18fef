// Favourites are bounded (issue 28): a link holds at most MAX_VISITORS_PER_LINK names, one address gives at most a
// few names an hour, and one visitor sets at most a few hundred hearts in ten minutes.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createAlbum } from "~/server/albums/albums.server";
import { setImageAlbums } from "~/server/albums/memberships.server";
import { createShareLink } from "~/server/sharing/share-links.server";
import { LINK_FULL, MAX_VISITORS_PER_LINK, NAME_REFUSALS } from "~/lib/favourites";
import { addGrant } from "~/server/access/grant-cookie.server";
import { OWNER, type AlbumGrant } from "~/server/access/access.server";
import { findAlbumRow } from "~/server/albums/albums.server";
import { favouriteForm, favouritesForPage } from "~/server/sharing/favourite-form.server";
import { nameVisitor, setFavourite } from "~/server/sharing/favourites.server";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

async function linkGrant(name: string): Promise<{ grant: AlbumGrant; albumId: number }> {
  const album = createAlbum({ name, visibility: "private" });
  const link = await createShareLink(album.id, { label: name }, "http://localhost");
  return { grant: { albumId: album.id, linkId: link.id, download: "none" }, albumId: album.id };
}

let addresses = 0;
const newAddress = () => `198.51.${Math.floor(++addresses / 250)}.${addresses % 250}`;

it(`a link holds the names of ${MAX_VISITORS_PER_LINK} people; the next is told to ask for a link of their own`, async () => {
  const { grant } = await linkGrant("Crowded");
  const first = nameVisitor(grant, "Guest 0", newAddress());
  for (let i = 1; i < MAX_VISITORS_PER_LINK; i++) nameVisitor(grant, `Guest ${i}`, newAddress());
  expect(() => nameVisitor(grant, "One too many", newAddress())).toThrow(LINK_FULL);
  // Someone already named may still change their name.
  expect(nameVisitor({ ...grant, visitorId: first.id }, "Guest zero", newAddress()).name).toBe("Guest zero");
});

it("one address gives at most twenty names an hour", async () => {
  const { grant } = await linkGrant("One address");
  const address = newAddress();
  for (let i = 0; i < 20; i++) nameVisitor(grant, `Alias ${i}`, address);
  expect(() => nameVisitor(grant, "Alias 21", address)).toThrow(/Try again in \d+ seconds/);
  expect(nameVisitor(grant, "From elsewhere", newAddress()).name).toBe("From elsewhere");
});

it("one visitor sets or takes at most 600 hearts in ten minutes", async () => {
  const { grant, albumId } = await linkGrant("Hearts");
  const [imageId] = await seedPhotos(site, [{ name: "Hearted" }]);
  setImageAlbums(imageId!, [albumId]);
  const visitor = nameVisitor(grant, "Clicker", newAddress());
  const access = { owner: false, albumGrants: [{ ...grant, visitorId: visitor.id }] };
  for (let i = 0; i < 600; i++) setFavourite(access, albumId, imageId!, i % 2 === 0);
  expect(() => setFavourite(access, albumId, imageId!, true)).toThrow(/Try again in \d+ seconds/);
});

it("without JavaScript, a name refused for coming too fast returns to the name step, which says why", async () => {
  const { grant, albumId } = await linkGrant("Plain form");
  const album = findAlbumRow(albumId, OWNER);
  const [imageId] = await seedPhotos(site, [{ name: "Waiting heart" }]);
  setImageAlbums(imageId!, [albumId]);
  const link = { id: grant.linkId, passwordHash: null };
  const cookie = (await addGrant(new Request("http://localhost/"), link, false)).split(";")[0]!;
  const address = newAddress();
  const send = (name: string) =>
    favouriteForm(
      new Request(`http://localhost/photography/albums/${album.slug}/favourites`, {
        method: "POST",
        headers: { Cookie: cookie, Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ imageId: String(imageId), favourite: "1", name }),
      }),
      album.slug,
      address,
    );
  for (let i = 0; i < 20; i++) await send(`Alias ${i}`);
  const refused = await send("Alias 21");
  const step = new URL(refused.headers.get("location")!, "http://localhost");
  expect(step.searchParams.get("refused")).toBe("busy");
  const page = favouritesForPage(step, { owner: false, albumGrants: [grant] }, albumId, album.slug);
  expect(NAME_REFUSALS[page!.nameStep!.refused!]).toBe("That was a lot at once. Try again in a few minutes.");
});

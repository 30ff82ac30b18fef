// A browser holds at most MAX_GRANTS share links in its cookie. Opening more drops the oldest, but never the grant a
// visitor gave their name on while a nameless one can go instead: that name is their favourites. What a grant carries:
// its client view (record 087) and its watermark (record 088).
import { afterAll, beforeAll, expect, it } from "vitest";
import { isClientView, OWNER, proofMarkFor, unmarkedAccess } from "~/server/access/access.server";
import { addGrant, keepVisitor, markStamp, MAX_GRANTS, readGrants } from "~/server/access/grant-cookie.server";
import { createAlbum } from "~/server/albums/albums.server";
import { createShareLink } from "~/server/sharing/share-links.server";
import { nameVisitor } from "~/server/sharing/favourites.server";
import { openTemplateSite } from "../support/in-process";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

/** One browser's cookie, as each answer's Set-Cookie leaves it. */
function browser() {
  let cookie = "";
  const request = () => new Request("http://localhost/", { headers: cookie ? { cookie } : {} });
  const keep = (setCookie: string) => (cookie = setCookie.split(";")[0]!);
  return {
    open: async (link: { id: number }) => keep(await addGrant(request(), { ...link, passwordHash: null }, false)),
    name: async (linkId: number, visitorId: number) => keep(await keepVisitor(request(), { linkId }, visitorId, false)),
    grants: () => readGrants(request()),
  };
}

it("keeps the named grant and drops the oldest nameless one when more links are opened than the cookie holds", async () => {
  const album = createAlbum({ name: "Many links", visibility: "private" });
  const links = [];
  for (let i = 0; i <= MAX_GRANTS + 1; i++) {
    links.push(await createShareLink(album.id, { label: `Link ${i}` }, "http://localhost"));
  }
  const guest = browser();
  const [named, ...others] = links as [(typeof links)[0], ...typeof links];
  await guest.open(named);
  const grant = (await guest.grants())[0]!;
  await guest.name(named.id, nameVisitor(grant, "Anna", "198.51.100.1").id);
  for (const link of others) await guest.open(link);

  const held = await guest.grants();
  expect(held).toHaveLength(MAX_GRANTS);
  expect(held.find((each) => each.linkId === named.id)?.visitorId).toBeGreaterThan(0);
  // Two too many: the first two nameless links opened are the ones that went.
  const dropped = links.filter((link) => !held.some((each) => each.linkId === link.id)).map((link) => link.label);
  expect(dropped).toEqual(["Link 1", "Link 2"]);
});

it("gives a client view for the album of a link made with it, to its visitor only, never the owner", async () => {
  const album = createAlbum({ name: "Client view", visibility: "private" });
  const other = createAlbum({ name: "Not a client view", visibility: "private" });
  const visitor = browser();
  await visitor.open(await createShareLink(album.id, { label: "Ana", clientView: true }, "http://localhost"));
  await visitor.open(await createShareLink(other.id, { label: "Ben" }, "http://localhost"));
  const access = { owner: false, albumGrants: await visitor.grants() };
  expect(isClientView(access, album.id)).toBe(true);
  expect(isClientView(access, other.id)).toBe(false);
  expect(isClientView({ ...access, owner: true }, album.id)).toBe(false);
  expect(isClientView(OWNER, album.id)).toBe(false);
});

it("marks an album's images for a marked link's visitor only: not the owner, not another album, not beside an unmarked link", async () => {
  const album = createAlbum({ name: "Marked", visibility: "private" });
  const other = createAlbum({ name: "Unmarked", visibility: "private" });
  const watermark = { kind: "text", text: "© Ana", position: "centre", size: 40, opacity: 50 } as const;
  const marked = await createShareLink(album.id, { label: "Ana", watermark }, "http://localhost");
  const visitor = browser();
  await visitor.open(marked);
  await visitor.open(await createShareLink(other.id, { label: "Ana too" }, "http://localhost"));
  const access = { owner: false, albumGrants: await visitor.grants() };
  const mark = proofMarkFor(access, album.id);
  expect(mark).toEqual({ linkId: marked.id, stamp: markStamp(watermark), watermark });
  expect(proofMarkFor(access, other.id)).toBeUndefined();
  expect(proofMarkFor(access, undefined)).toBeUndefined();
  expect(proofMarkFor({ ...access, owner: true }, album.id)).toBeUndefined();
  // Only the unmarked grants may have a photo's own files.
  expect(unmarkedAccess(access).albumGrants.map((grant) => grant.albumId)).toEqual([other.id]);
  // Any change of the mark is a new stamp, so new addresses.
  expect(markStamp({ ...watermark, opacity: 51 })).not.toBe(mark!.stamp);

  // The same album opened here by an unmarked link too: this browser sees it clean.
  await visitor.open(await createShareLink(album.id, { label: "Ana, clean" }, "http://localhost"));
  expect(proofMarkFor({ owner: false, albumGrants: await visitor.grants() }, album.id)).toBeUndefined();
});

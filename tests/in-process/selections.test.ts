// Selections, the lock and comments (record 080), on the server's own functions: a link's number enforced on every
// heart, a selection sent only with the count the link asks, locked until the owner reopens it, comments limited and
// kept as plain text, and what the owner sees (album page, CSV, activity list). No SMTP here: nothing is queued.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAlbum } from "~/server/albums/albums.server";
import { setImageAlbums } from "~/server/albums/memberships.server";
import { createShareLink } from "~/server/sharing/share-links.server";
import { openShareLink } from "~/server/sharing/share-open.server";
import type { Access } from "~/server/access/access.server";
import { addGrant } from "~/server/access/grant-cookie.server";
import { nameVisitor, setFavourite } from "~/server/sharing/favourites.server";
import { reopenSelection, sendSelection } from "~/server/sharing/selection.server";
import { setComment } from "~/server/sharing/comments.server";
import { favouritesByLink, favouritesShown } from "~/server/sharing/favourites-owner.server";
import { favouritesCsv } from "~/server/sharing/favourites-csv.server";
import { clientFavourites, favouriteForm } from "~/server/sharing/favourite-form.server";
import { selectionForm } from "~/server/sharing/selection-form.server";
import { ACTIVITY_PAGE_SIZE, listActivity, recordActivity } from "~/server/notify/activity.server";
import { db } from "~/server/data/db.server";
import { mailQueue } from "~/server/data/schema";
import { MAX_COMMENT_LENGTH, MAX_NOTE_LENGTH } from "~/lib/selection";
import { FIRST_COMMENTS, FIRST_FAVOURITES, lightroomNames } from "~/lib/favourites";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos } from "../support/seed";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

const ORIGIN = "http://localhost";
let addresses = 0;

/** An album of `count` photos with a link asking for `choose`, and a named visitor's access on it. */
async function proofing(name: string, count: number, choose: { chooseCount?: number; chooseExactly?: boolean } = {}) {
  const album = createAlbum({ name, visibility: "private" });
  const imageIds = await seedPhotos(
    site,
    Array.from({ length: count }, (_, i) => ({ name: `${name} ${i + 1}` })),
  );
  for (const id of imageIds) setImageAlbums(id, [album.id]);
  const link = await createShareLink(album.id, { label: `${name} link`, ...choose }, ORIGIN);
  const grant = { albumId: album.id, linkId: link.id, download: "none" as const };
  const visitor = nameVisitor(grant, `${name} client`, `203.0.113.${++addresses}`);
  const access: Access = { owner: false, albumGrants: [{ ...grant, visitorId: visitor.id }] };
  return { album, imageIds, link, visitor, access };
}

describe("the link's number", () => {
  it("refuses a heart past 'up to N' with the reason; taking one off makes room", async () => {
    const {
      album,
      imageIds: [a, b, c],
      access,
    } = await proofing("Up to two", 3, { chooseCount: 2 });
    setFavourite(access, album.id, a!, true);
    setFavourite(access, album.id, b!, true);
    // Marking one already marked again is no new choice.
    expect(setFavourite(access, album.id, b!, true).count).toBe(2);
    expect(() => setFavourite(access, album.id, c!, true)).toThrow(
      "You can choose up to 2 photos. Take the heart off another photo first.",
    );
    setFavourite(access, album.id, a!, false);
    expect(setFavourite(access, album.id, c!, true).count).toBe(2);
  });

  it("sends 'exactly N' only with N, then locks hearts and comments until the owner reopens", async () => {
    const {
      album,
      imageIds: [a, b],
      access,
      visitor,
    } = await proofing("Exactly two", 2, {
      chooseCount: 2,
      chooseExactly: true,
    });
    setFavourite(access, album.id, a!, true);
    expect(() => sendSelection(access, album.id, "", ORIGIN)).toThrow(
      "Choose exactly 2 photos before sending: you have chosen 1.",
    );
    setFavourite(access, album.id, b!, true);
    sendSelection(access, album.id, "  Both, please.\r\nThanks  ", ORIGIN);

    expect(() => setFavourite(access, album.id, a!, false)).toThrow(/^Your selection was sent on /);
    expect(() => setComment(access, album.id, a!, "Late", ORIGIN)).toThrow(/^Your selection was sent on /);
    expect(() => sendSelection(access, album.id, "", ORIGIN)).toThrow(/^Your selection was sent on /);
    const page = clientFavourites(new URL(`${ORIGIN}/`), access, album.id, album.slug)!;
    expect(page.selection).toMatchObject({ state: "sent", rule: { count: 2, exactly: true } });

    const [owned] = favouritesByLink(album.id);
    expect(owned!.visitors[0]).toMatchObject({ state: "sent", note: "Both, please.\nThanks" });
    reopenSelection(album.id, visitor.id);
    expect(favouritesByLink(album.id)[0]!.visitors[0]).toMatchObject({ state: "reopened", sentAt: null, note: null });
    expect(setFavourite(access, album.id, a!, false).count).toBe(1);
    // Another album's owner page cannot reopen this visitor.
    const elsewhere = createAlbum({ name: "Elsewhere", visibility: "private" });
    expect(() => reopenSelection(elsewhere.id, visitor.id)).toThrow("Visitor not found.");
  });

  it("sends nothing empty, and a note of at most the limit", async () => {
    const {
      album,
      imageIds: [a],
      access,
    } = await proofing("Any number", 1);
    expect(() => sendSelection(access, album.id, "", ORIGIN)).toThrow(/^Mark at least one favourite/);
    setFavourite(access, album.id, a!, true);
    expect(() => sendSelection(access, album.id, "x".repeat(MAX_NOTE_LENGTH + 1), ORIGIN)).toThrow(
      `note must be at most ${MAX_NOTE_LENGTH} characters`,
    );
    sendSelection(access, album.id, "x".repeat(MAX_NOTE_LENGTH), ORIGIN);
  });
});

describe("comments", () => {
  it("are the writer's own, at most the limit, removed when emptied, and in the CSV as text", async () => {
    const {
      album,
      imageIds: [a, b],
      access,
    } = await proofing("Comments", 2);
    expect(() => setComment(access, album.id, a!, "x".repeat(MAX_COMMENT_LENGTH + 1), ORIGIN)).toThrow(
      `comment must be at most ${MAX_COMMENT_LENGTH} characters`,
    );
    setComment(access, album.id, a!, '=HYPERLINK("http://evil")', ORIGIN);
    setComment(access, album.id, a!, "<b>Brighter</b>, please", ORIGIN);
    setComment(access, album.id, b!, "Not this one", ORIGIN);
    setComment(access, album.id, b!, "", ORIGIN);
    setFavourite(access, album.id, b!, true);
    const visitor = favouritesByLink(album.id)[0]!.visitors[0]!;
    expect(visitor.comments.map((comment) => [comment.imageId, comment.body])).toEqual([
      [a!, "<b>Brighter</b>, please"],
    ]);
    setComment(access, album.id, a!, '@SUM(1) "quoted"', ORIGIN);
    const rows = favouritesCsv(album.id).split("\r\n");
    // The favourite without a comment, then the comment on a photo not marked, kept from reading as a formula.
    expect(rows[1]).toMatch(/,Comments 2,\d+,[^,]+,$/);
    expect(rows[2]).toMatch(new RegExp(`,Comments 1,${a},,"'@SUM\\(1\\) ""quoted"""$`));
    // A photo outside the album takes no comment.
    const [outside] = await seedPhotos(site, [{ name: "Outside" }]);
    expect(() => setComment(access, album.id, outside!, "Hi", ORIGIN)).toThrow("Photo not found.");
  });
});

describe("the owner's album page", () => {
  it("shows each visitor's count, first favourites and comments and every file name; all of them for the visitor opened", async () => {
    const favourited = FIRST_FAVOURITES + 3;
    const commented = FIRST_COMMENTS + 1;
    const { album, imageIds, link, access, visitor } = await proofing("Many hearts", favourited);
    for (const id of imageIds) setFavourite(access, album.id, id, true);
    for (const id of imageIds.slice(0, commented)) setComment(access, album.id, id, `On ${id}`, ORIGIN);
    // Another visitor on the same link, opened neither.
    const grant = { albumId: album.id, linkId: link.id, download: "none" as const };
    const other = nameVisitor(grant, "Other client", `203.0.113.${++addresses}`);
    const otherAccess: Access = { owner: false, albumGrants: [{ ...grant, visitorId: other.id }] };
    for (const id of imageIds) setFavourite(otherAccess, album.id, id, true);
    // The API's and the CSV's list, whole, is what the page's is the start of.
    const full = favouritesByLink(album.id)[0]!.visitors[0]!;
    expect(full.photos).toHaveLength(favourited);

    const [shut, opened] = [null, visitor.id].map((open) => favouritesShown(album.id, open)[0]!.visitors);
    for (const [each, all] of [
      [shut![0]!, false],
      [shut![1]!, false],
      [opened![0]!, true],
      [opened![1]!, false],
    ] as const) {
      expect(each.count).toBe(favourited);
      expect(each.names.split(", ")).toHaveLength(favourited);
      expect(each.photos.map((photo) => photo.imageId)).toEqual(imageIds.slice(0, all ? favourited : FIRST_FAVOURITES));
    }
    expect(shut![0]!.names).toBe(lightroomNames(full.photos));
    expect(shut![0]).toMatchObject({ visitorId: visitor.id, commentCount: commented });
    expect(shut![0]!.comments.map((comment) => comment.body)).toEqual(
      imageIds.slice(0, FIRST_COMMENTS).map((id) => `On ${id}`),
    );
    expect(opened![0]!.comments.map((comment) => comment.body)).toEqual(
      imageIds.slice(0, commented).map((id) => `On ${id}`),
    );
    expect(opened![1]!).toMatchObject({ name: "Other client", commentCount: 0, comments: [] });
  });
});

describe("without JavaScript", () => {
  /** A browser's grant cookie for the visitor of `proof` (named through the plain name step). */
  async function plainVisitor(choose: { chooseCount?: number; chooseExactly?: boolean }) {
    const proof = await proofing(`Plain ${++addresses}`, 2, choose);
    const link = { id: proof.link.id, passwordHash: null };
    const grantCookie = (await addGrant(new Request(`${ORIGIN}/`), link, false)).split(";")[0]!;
    const named = await favouriteForm(
      post(`/photography/albums/${proof.album.slug}/favourites`, grantCookie, {
        imageId: String(proof.imageIds[0]),
        favourite: "1",
        name: "Plain client",
      }),
      proof.album.slug,
      `198.51.100.${addresses}`,
    );
    const cookie = named.headers.get("set-cookie")!.split(";")[0]!;
    return { ...proof, cookie };
  }

  function post(path: string, cookie: string, fields: Record<string, string>) {
    return new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields),
    });
  }

  it("a heart past the number returns where it was clicked, whose page says why", async () => {
    const { album, imageIds, cookie } = await plainVisitor({ chooseCount: 1 });
    const back = `/photography/albums/${album.slug}?selection=count#image-${imageIds[1]}`;
    const refused = await favouriteForm(
      post(`/photography/albums/${album.slug}/favourites`, cookie, {
        imageId: String(imageIds[1]),
        favourite: "1",
        redirectTo: back,
      }),
      album.slug,
      "198.51.100.200",
    );
    expect(refused.status).toBe(303);
    const location = new URL(refused.headers.get("location")!, ORIGIN);
    expect(`${location.pathname}${location.search}${location.hash}`).toBe(
      `/photography/albums/${album.slug}?selection=limit#image-${imageIds[1]}`,
    );
    const access: Access = { owner: false, albumGrants: [] };
    expect(clientFavourites(location, access, album.id, album.slug)).toBeNull();
  });

  it("sends the selection and returns to the page, which then shows it sent; a second send says it is locked", async () => {
    const { album, cookie, access } = await plainVisitor({});
    const send = () =>
      selectionForm(
        post(`/photography/albums/${album.slug}/selection`, cookie, {
          intent: "send",
          note: "Thanks",
          redirectTo: `/photography/albums/${album.slug}?selection=count`,
        }),
        album.slug,
      );
    const sent = await send();
    expect(sent.headers.get("location")).toBe(`/photography/albums/${album.slug}`);
    const again = new URL((await send()).headers.get("location")!, ORIGIN);
    expect(again.searchParams.get("selection")).toBe("locked");
    const visitor = favouritesByLink(album.id)[0]!.visitors.find((each) => each.name === "Plain client")!;
    expect(visitor.state).toBe("sent");
    const page = clientFavourites(
      again,
      { ...access, albumGrants: [{ ...access.albumGrants[0]!, visitorId: visitor.visitorId }] },
      album.id,
      album.slug,
    )!;
    expect(page.refusal).toMatch(/^Your selection was sent on .+\. Ask the photographer to reopen it/);
  });
});

describe("the activity list", () => {
  /** The link's entries from every page, newest first: the paging test's events come before them in any order. */
  function activityOf(label: string) {
    const entries = [];
    for (let page = 1, pages = 1; page <= pages; page++) {
      const list = listActivity(page);
      pages = list.pages;
      entries.push(...list.entries.filter((entry) => entry.linkLabel === label));
    }
    return entries;
  }

  it("has a link's first opening in a browser, not a second in the same one, nor a bot's", async () => {
    const album = createAlbum({ name: "Opened", visibility: "private" });
    const link = await createShareLink(album.id, { label: "Opened link" }, ORIGIN);
    const open = (headers: Record<string, string>) =>
      openShareLink(new Request(link.url, { headers }), new URL(link.url).pathname.slice("/s/".length));
    const firefox = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0" };
    const first = (await open(firefox)) as Response;
    await open({ ...firefox, Cookie: first.headers.get("set-cookie")!.split(";")[0]! });
    await open({ "User-Agent": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)" });
    const mine = activityOf(link.label);
    expect(mine.map((entry) => [entry.kind, entry.visitorName])).toEqual([["opened", null]]);
  });

  it("has the sent selection and the new comment, newest first, with no message queued without SMTP", async () => {
    const {
      album,
      imageIds: [a],
      access,
      link,
    } = await proofing("Activity", 1);
    setComment(access, album.id, a!, "First", ORIGIN);
    setComment(access, album.id, a!, "Edited: not new", ORIGIN);
    setFavourite(access, album.id, a!, true);
    sendSelection(access, album.id, "", ORIGIN);
    const mine = activityOf(link.label);
    expect(mine.map((entry) => [entry.kind, entry.visitorName, entry.albumName, entry.mail])).toEqual([
      ["sent", "Activity client", "Activity", null],
      ["comment", "Activity client", "Activity", null],
    ]);
    expect(db().select().from(mailQueue).all()).toEqual([]);
  });

  // Its events are dated ahead of every other test's, so its own fill the first page whatever ran before it.
  it(`pages by ${ACTIVITY_PAGE_SIZE}, newest first`, async () => {
    const album = createAlbum({ name: "Paged", visibility: "private" });
    const link = await createShareLink(album.id, { label: "Paged link" }, ORIGIN);
    const start = Date.parse("2100-01-01T00:00:00Z");
    for (let i = 0; i <= ACTIVITY_PAGE_SIZE; i++) {
      recordActivity({ kind: "download", linkId: link.id }, new Date(start + i * 1000));
    }
    const first = listActivity(1);
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries[0]!.at).toBe(new Date(start + ACTIVITY_PAGE_SIZE * 1000).toISOString());
    expect(first.entries.every((entry) => entry.linkLabel === link.label)).toBe(true);
    expect(listActivity(2).entries[0]!.at).toBe(new Date(start).toISOString());
    expect(first.pages).toBeGreaterThanOrEqual(2);
  });
});

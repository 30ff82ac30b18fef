// The rules of who sees what (docs/behaviour.md#who-sees-what), as a matrix of viewers and photos, checked in process
// against the access functions every list, page and API answer uses. visibility.test.ts checks the routes over HTTP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER, VISITOR, type Access } from "~/server/access/access.server";
import { albumBySlug, createAlbum, listAlbums } from "~/server/albums/albums.server";
import { getImage, listImages } from "~/server/photos/images.server";
import { updateImage } from "~/server/photos/image-store.server";
import { parseListQuery } from "~/server/photos/list-query.server";
import { openTemplateSite } from "../support/in-process";
import { seedPhotos } from "../support/seed";

type Viewer = "visitor" | "owner" | "link to the private album";
type Photo =
  | "public, in no album"
  | "hidden, in no album"
  | "hidden, in the public album"
  | "hidden, in the unlisted album"
  | "hidden, in the private album"
  | "public, in the private album";
type Album = "public" | "unlisted" | "private";

const PHOTOS: { photo: Photo; visibility: "public" | "hidden"; album?: Album }[] = [
  { photo: "public, in no album", visibility: "public" },
  { photo: "hidden, in no album", visibility: "hidden" },
  { photo: "hidden, in the public album", visibility: "hidden", album: "public" },
  { photo: "hidden, in the unlisted album", visibility: "hidden", album: "unlisted" },
  { photo: "hidden, in the private album", visibility: "hidden", album: "private" },
  { photo: "public, in the private album", visibility: "public", album: "private" },
];

/** The gallery, its feed and the API's whole list: public photos, every photo for the owner. */
const LISTED: Record<Viewer, Photo[]> = {
  visitor: ["public, in no album", "public, in the private album"],
  owner: PHOTOS.map(({ photo }) => photo),
  "link to the private album": ["public, in no album", "public, in the private album"],
};

/** By id (a deep link, the API): the listed ones, and hidden ones in an album the viewer may open. */
const OPEN_BY_ID: Record<Viewer, Photo[]> = {
  visitor: [
    "public, in no album",
    "hidden, in the public album",
    "hidden, in the unlisted album",
    "public, in the private album",
  ],
  owner: PHOTOS.map(({ photo }) => photo),
  "link to the private album": [
    "public, in no album",
    "hidden, in the public album",
    "hidden, in the unlisted album",
    "hidden, in the private album",
    "public, in the private album",
  ],
};

/** Albums listed (the albums page, the API's list, the sitemap), and albums opened by their address. */
const ALBUMS_LISTED: Record<Viewer, Album[]> = {
  visitor: ["public"],
  owner: ["public", "unlisted", "private"],
  "link to the private album": ["public"],
};
const ALBUMS_OPEN: Record<Viewer, Album[]> = {
  visitor: ["public", "unlisted"],
  owner: ["public", "unlisted", "private"],
  "link to the private album": ["public", "unlisted", "private"],
};

const ids = new Map<Photo, number>();
const albums = new Map<Album, { id: number; slug: string }>();
const viewers = new Map<Viewer, Access>();
let close: () => void;

beforeAll(async () => {
  const site = openTemplateSite();
  close = site.close;
  for (const visibility of ["public", "unlisted", "private"] as const) {
    const album = createAlbum({ name: `Who sees ${visibility}`, visibility });
    albums.set(visibility, { id: album.id, slug: album.slug });
  }
  const seeded = await seedPhotos(
    site,
    PHOTOS.map(({ photo }) => ({ name: photo })),
  );
  for (const [index, { photo, visibility, album }] of PHOTOS.entries()) {
    ids.set(photo, seeded[index]!);
    // The matrix's own visibility: a public photo stays public in an unlisted or private album.
    updateImage(seeded[index]!, { visibility }, { ids: album ? [albums.get(album)!.id] : [], keepPublic: true });
  }
  viewers.set("visitor", VISITOR);
  viewers.set("owner", OWNER);
  viewers.set("link to the private album", {
    owner: false,
    albumGrants: [{ albumId: albums.get("private")!.id, linkId: 1, download: "none" }],
  });
});
afterAll(() => close?.());

const VIEWERS: Viewer[] = ["visitor", "owner", "link to the private album"];
const nameOf = (id: number) => [...ids].find(([, photoId]) => photoId === id)?.[0];

describe.each(VIEWERS)("the %s", (viewer) => {
  it("sees in the gallery exactly the listed photos", () => {
    const page = listImages(parseListQuery(new URLSearchParams()), viewers.get(viewer)!);
    const ours = page.images.map((image) => nameOf(image.id)).filter((name) => name !== undefined);
    expect(ours.sort()).toEqual([...LISTED[viewer]].sort());
  });

  it.each(PHOTOS.map(({ photo }) => photo))("opens by id %s only where the rules say so", (photo) => {
    const open = () => getImage(ids.get(photo)!, viewers.get(viewer)!);
    if (OPEN_BY_ID[viewer].includes(photo)) expect(open().id).toBe(ids.get(photo));
    else expect(open).toThrow(expect.objectContaining({ status: 404 }));
  });

  it("sees listed exactly the albums the rules list, and opens by address the ones they open", () => {
    const ours = [...albums].map(([visibility, album]) => ({ visibility, ...album }));
    const listed = new Set(listAlbums(viewers.get(viewer)!).map((album) => album.id));
    expect(ours.filter((album) => listed.has(album.id)).map((album) => album.visibility)).toEqual(
      ALBUMS_LISTED[viewer],
    );
    for (const album of ours) {
      const open = () => albumBySlug(album.slug, viewers.get(viewer)!);
      if (ALBUMS_OPEN[viewer].includes(album.visibility)) expect(open().id).toBe(album.id);
      else expect(open).toThrow(expect.objectContaining({ status: 404 }));
    }
  });
});

/**
 * The seeding fixture: adds photos to a test server's site without the image pipeline. Each new photo is a library
 * photo (template.ts) under a new storage key: its files hard-linked into a folder the app's own local store puts in
 * place, its row the library row with the new key, names and dates, inserted through the app's schema. The content
 * version's triggers count the insert as they count any write, so the server's page cache and ETags follow.
 *
 * Real uploads stay in the tests about uploading and processing (docs/testing.md).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { openDatabase } from "~/server/data/db.server";
import * as schema from "~/server/data/schema";
import { createLocalStore } from "~/server/storage/local-store.server";
import { newStorageKey, type PhotoStore } from "~/server/storage/photo-store.server";
import type { Image } from "~/lib/image";
import { libraryPhoto, SEED_SHAPES, type LibraryKind } from "./template";

export interface SeedTarget {
  dataDir: string;
  uploadsDir: string;
}

export interface SeedPhoto {
  name: string;
  description?: string;
  /** The file name as uploaded; the library photo's extension by default. */
  filename?: string;
  visibility?: "public" | "hidden";
  /** When it was taken (EXIF's DateTimeOriginal); the library photo's own date by default. */
  takenAt?: Date | null;
  /** Which library photo: a JPEG shape by number (`n % 15`, see `seedShape`), or one of the other kinds. */
  photo?: number | LibraryKind;
  /** Files stored instead of the library photo's, by name (`w600.webp`): a variant of a size a test needs. */
  files?: Record<string, Buffer>;
  /**
   * The library photo's own checksum, its original's, which a copy between stores checks (storage:migrate). A random
   * one otherwise, so that seeding a library photo twice makes no duplicates.
   */
  realChecksum?: boolean;
}

let lastUploadedAt = 0;

/** Each seeded photo is uploaded a millisecond after the one before, so upload order is the order seeded. */
function nextUploadedAt(): Date {
  lastUploadedAt = Math.max(Date.now(), lastUploadedAt + 1);
  return new Date(lastUploadedAt);
}

/**
 * Adds the photos, in order, to the site in `target`; returns their ids. The files go to its local store, or to `store`
 * (a site with STORAGE=s3: `createS3Store(bucket.settings)`).
 */
export async function seedPhotos(
  target: SeedTarget,
  photos: SeedPhoto[],
  store: PhotoStore = createLocalStore(target.uploadsDir),
): Promise<number[]> {
  const staging = path.join(target.uploadsDir, "tmp");
  fs.mkdirSync(staging, { recursive: true });
  const sqlite = openDatabase(path.join(target.dataDir, "portfolio.sqlite"));
  try {
    const db = drizzle(sqlite, { schema });
    const ids: number[] = [];
    for (const [index, photo] of photos.entries()) {
      const which = photo.photo ?? index;
      const { row, folder } = libraryPhoto(typeof which === "number" ? `shape-${which % SEED_SHAPES}` : which);
      const files = fs.readdirSync(folder);
      const strange = Object.keys(photo.files ?? {}).filter((file) => !files.includes(file));
      if (strange.length > 0) throw new Error(`the library photo has no ${strange.join(", ")} to replace`);
      const key = newStorageKey();
      const dir = path.join(staging, `seed-${key}`);
      fs.mkdirSync(dir);
      for (const file of files) {
        const replaced = photo.files?.[file];
        if (replaced) fs.writeFileSync(path.join(dir, file), replaced);
        else fs.linkSync(path.join(folder, file), path.join(dir, file));
      }
      await store.put(key, dir);
      // The local store moves the folder into place; a bucket leaves it behind.
      fs.rmSync(dir, { recursive: true, force: true });
      const uploadedAt = nextUploadedAt();
      const { id: _id, featuredPosition: _pinned, ...copied } = row;
      const inserted = db
        .insert(schema.images)
        .values({
          ...copied,
          name: photo.name,
          description: photo.description ?? "",
          originalFilename: photo.filename ?? `${photo.name}${path.extname(row.originalFilename)}`,
          storageKey: key,
          checksum: photo.realChecksum ? row.checksum : randomBytes(32).toString("hex"),
          visibility: photo.visibility ?? "public",
          takenAt: photo.takenAt === undefined ? row.takenAt : photo.takenAt,
          uploadedAt,
          updatedAt: uploadedAt,
        })
        .returning({ id: schema.images.id })
        .get();
      ids.push(inserted.id);
    }
    return ids;
  } finally {
    sqlite.close();
  }
}

export interface SeedImage extends SeedPhoto {
  /**
   * The albums it is in, set through the API as the owner sets them: a public photo joining an unlisted or private
   * album is hidden (record 067).
   */
  albumIds?: number[];
}

/**
 * Seeds the photos on a running server, puts each in its albums through the API, and answers each as the owner's
 * API does: the JSON an upload answers.
 */
export async function seedImages(
  server: SeedTarget & { url: string },
  token: string,
  photos: SeedImage[],
  store?: PhotoStore,
): Promise<Image[]> {
  const ids = await seedPhotos(server, photos, store);
  const images: Image[] = [];
  for (const [index, id] of ids.entries()) {
    const albumIds = photos[index]!.albumIds;
    const response = await fetch(`${server.url}/api/image/${id}`, {
      method: albumIds ? "PUT" : "GET",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: albumIds ? JSON.stringify({ albumIds }) : undefined,
    });
    if (response.status !== 200) throw new Error(`seeded photo ${id}: ${response.status} ${await response.text()}`);
    images.push((await response.json()) as Image);
  }
  return images;
}

/**
 * The default store: one folder per photo under UPLOADS_DIR/images/<key>/.
 * A folder appears there only by an atomic rename once complete, so a key's
 * folder is either whole or absent.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { STORAGE_KEY_PATTERN, type PhotoStore, type StoredFile } from "./photo-store.server";

async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function createLocalStore(uploadsDir: string): PhotoStore {
  const imagesDir = path.join(uploadsDir, "images");
  const folderOf = (key: string) => {
    if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
    return path.join(imagesDir, key);
  };

  return {
    description: `UPLOADS_DIR (${uploadsDir})`,

    async put(key, dir) {
      await fsp.mkdir(imagesDir, { recursive: true });
      for (const file of await fsp.readdir(dir)) await fsyncPath(path.join(dir, file));
      await fsyncPath(dir);
      // A half-copied folder from an interrupted migration or restore is replaced whole.
      await fsp.rm(folderOf(key), { recursive: true, force: true });
      await fsp.rename(dir, folderOf(key));
      await fsyncPath(imagesDir);
    },

    async get(key, file) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(path.join(folderOf(key), path.basename(file)));
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw Object.assign(new Error(`${file} is not a file`), { code: "ENOENT" });
        return {
          size: stat.size,
          lastModified: stat.mtime,
          stream: () => handle.createReadStream(),
          discard: () => void handle.close(),
        } satisfies StoredFile;
      } catch (error) {
        await handle.close();
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async remove(key) {
      await fsp.rm(folderOf(key), { recursive: true, force: true });
    },

    async files(key) {
      return fsp.readdir(folderOf(key)).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
    },

    async keys() {
      const entries = await fsp.readdir(imagesDir).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      return new Set(entries.filter((entry) => STORAGE_KEY_PATTERN.test(entry)));
    },

    async probe() {
      fs.mkdirSync(imagesDir, { recursive: true });
      const probe = path.join(imagesDir, `.probe-${crypto.randomBytes(6).toString("hex")}`);
      await fsp.writeFile(probe, "ok");
      await fsp.rm(probe);
    },

    async check() {
      // Asks the kernel, writes nothing: a read-only mount answers EROFS.
      if (!(await fsp.stat(imagesDir)).isDirectory()) throw new Error(`${imagesDir} is not a folder`);
      await fsp.access(imagesDir, fs.constants.R_OK | fs.constants.W_OK);
    },
  };
}

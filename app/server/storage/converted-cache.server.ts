/**
 * Originals that are not JPEGs, kept once converted for download
 * (downloads/converted-original.server.ts): UPLOADS_DIR/converted/<key>.jpg,
 * on the local disk whatever the store, so a conversion is paid once per
 * photo. A key's file goes where its photo's files leave the store
 * (store-folder.server.ts), and a start removes those whose photo is gone.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { config } from "~/server/core/config.server";
import { STORAGE_KEY_PATTERN } from "./photo-store.server";

export interface KeptConversion {
  file: string;
  size: number;
}

function folder(): string {
  return path.join(config().uploadsDir, "converted");
}

function fileOf(key: string): string {
  if (!STORAGE_KEY_PATTERN.test(key)) throw new Error(`Not a storage key: ${key}`);
  return path.join(folder(), `${key}.jpg`);
}

/** The kept conversion of `key`'s original, if there is one. */
export async function keptConversion(key: string): Promise<KeptConversion | undefined> {
  const file = fileOf(key);
  const stat = await fsp.stat(file).catch(() => undefined);
  return stat ? { file, size: stat.size } : undefined;
}

/** Keeps the JPEG written whole at `written` (in tmp/) as `key`'s conversion: renamed into place, so a reader never sees half. */
export async function keepConversion(key: string, written: string): Promise<KeptConversion> {
  const { size } = await fsp.stat(written);
  await fsp.mkdir(folder(), { recursive: true });
  await fsp.rename(written, fileOf(key));
  return { file: fileOf(key), size };
}

export function forgetConversion(key: string): void {
  fs.rmSync(fileOf(key), { force: true });
}

/** Removes the conversions of photos that are gone (`known` is asked only when there are some); returns how many. */
export async function removeConversionsExcept(known: () => Set<string>): Promise<number> {
  const names = await fsp.readdir(folder()).catch(() => [] as string[]);
  if (names.length === 0) return 0;
  const keys = known();
  const gone = names.filter((name) => !keys.has(path.basename(name, ".jpg")));
  for (const name of gone) await fsp.rm(path.join(folder(), name), { force: true });
  return gone.length;
}

/**
 * "Download all": the album's photos as one ZIP, streamed
 * (docs/decisions/042-streamed-album-zip.md). Entries are stored, not
 * deflated (JPEG and WebP do not compress), and opened one at a time as the
 * previous one ends, each straight from the store's stream; the response's
 * backpressure reaches the store through the pipes, so the server holds a few
 * chunks whatever the album's size. A client that leaves stops it: the open
 * entry's stream is destroyed (which ends the store's read) and no other is opened.
 */
import type { Readable } from "node:stream";
import { ZipFile } from "yazl";
import type { ImageRow } from "~/server/data/schema";
import type { DownloadSize } from "./download-access.server";
import { downloadFileName, openDownload, type Asker } from "./download-files.server";
import { uniqueNames } from "./download-names.server";

export interface AlbumZip {
  stream: Readable;
  /** Stops the work: the open photo's read ends and no further photo is opened. */
  abort(): void;
}

export function albumZip(albumName: string, rows: ImageRow[], size: DownloadSize, asker: Asker): AlbumZip {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const names = uniqueNames(rows.map((row) => downloadFileName(row, size)));
  let current: Readable | undefined;
  let opened = 0;
  let aborted = false;
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i]!, { compress: false, mtime: row.takenAt ?? row.uploadedAt }, (callback) => {
      if (aborted) return;
      opened += 1;
      openDownload(row, size, asker).then(
        (body) => {
          current = body.stream;
          if (aborted) body.stream.destroy();
          else callback(null, body.stream);
        },
        (error: Error) => callback(error, undefined as never),
      );
    });
  });
  zip.end();
  zip.on("error", (error: Error) => {
    console.error(`Download all of "${albumName}" failed at photo ${opened} of ${rows.length}:`, error);
    output.destroy(error);
  });
  return {
    stream: output,
    abort() {
      if (aborted || output.readableEnded) return;
      aborted = true;
      current?.destroy();
      output.destroy();
      // What a test (and an operator) reads to see the work stop with the client.
      console.log(`Download all of "${albumName}" stopped by the client after ${opened} of ${rows.length} photos.`);
    },
  };
}

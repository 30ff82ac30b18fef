import busboy from "busboy";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { Readable, Transform } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebReadableStream } from "node:stream/web";
import { isMultipart, MAX_FORM_BYTES } from "~/server/http/body.server";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { storageError, tmpPath } from "~/server/storage/storage.server";
import { cleanFilename } from "./image-input.server";

export interface UploadedFile {
  /** Temp file in UPLOADS_DIR/tmp; the caller moves or removes it. */
  path: string;
  /** Base name only, as the client sent it; for display, never for paths. */
  filename: string;
  size: number;
  checksum: string;
  /** The form field that carried it (parseUpload sets it). */
  field?: string;
}

interface UploadOptions {
  maxFiles?: number;
  /** The form fields whose files are kept; files in any other field are read and dropped. */
  fileFields?: readonly string[];
  /** Bytes per file; MAX_UPLOAD_MB unless given. */
  maxBytes?: number;
}

interface ParsedUpload {
  fields: Record<string, string>;
  files: UploadedFile[];
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `The file is too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`);
}

/**
 * Streams a multipart body straight to temp files, hashing on the way, so
 * memory stays flat whatever the file size. Every temp file is removed if
 * anything fails; on success the caller owns them (see `discardUploads`).
 */
export async function parseUpload(
  request: Request,
  { maxFiles = 1, fileFields = ["image"], maxBytes = config().maxUploadBytes }: UploadOptions = {},
): Promise<ParsedUpload> {
  if (!isMultipart(request) || !request.body) {
    throw new HttpError(
      400,
      fileFields.includes("image")
        ? "Send the image as multipart/form-data with the fields name, description and image."
        : `Send the file as multipart/form-data in the field ${fileFields.join(" or ")}.`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  // The body also carries the other fields and boundaries: allow a little slack.
  if (maxBytes > 0 && declared > maxFiles * maxBytes + MAX_FORM_BYTES * 4) throw tooLarge(maxBytes);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      // Browsers send file names as raw UTF-8; busboy would read them as Latin-1.
      defParamCharset: "utf8",
      limits: {
        files: maxFiles,
        fields: 20,
        fieldSize: MAX_FORM_BYTES,
        ...(maxBytes > 0 ? { fileSize: maxBytes } : {}),
      },
    });
  } catch {
    throw new HttpError(400, "The multipart body has no boundary.");
  }

  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  const writes: Promise<void>[] = [];
  const outputs: fs.WriteStream[] = [];
  let failure: HttpError | undefined;

  // The fields share one budget, as a plain form's whole body does (readForm).
  let fieldBytes = 0;
  parser.on("field", (name, value, info) => {
    fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || fieldBytes > MAX_FORM_BYTES) {
      failure ??= new HttpError(413, `The form fields are too large: the limit is ${MAX_FORM_BYTES / 1024} KB in all.`);
      return;
    }
    fields[name] = value;
  });
  parser.on("filesLimit", () => {
    failure ??= new HttpError(400, `Send at most ${maxFiles} file${maxFiles === 1 ? "" : "s"} at a time.`);
  });
  parser.on("file", (fieldName, stream, info) => {
    if (!fileFields.includes(fieldName) || failure) {
      stream.resume();
      return;
    }
    const file: UploadedFile = {
      path: tmpPath(".upload"),
      filename: cleanFilename(info.filename),
      size: 0,
      checksum: "",
      field: fieldName,
    };
    files.push(file);
    const hash = crypto.createHash("sha256");
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        file.size += chunk.length;
        callback(null, chunk);
      },
    });
    stream.on("limit", () => {
      failure ??= tooLarge(maxBytes);
    });
    const output = fs.createWriteStream(file.path);
    outputs.push(output);
    const write = pipeline(meter, output).then(() => {
      file.checksum = hash.digest("hex");
    });
    stream.on("error", (error) => meter.destroy(error));
    stream.pipe(meter);
    // A failed write (disk full, read-only) is answered once the body is read:
    // cutting the request short would reset the connection before the client
    // sees the answer. Handling it here also keeps the rejection from going
    // unhandled while the body still arrives.
    write.catch((error: unknown) => {
      // Other write errors come from a broken body; the parse error below answers those.
      failure ??= storageError(error);
      stream.unpipe(meter);
      stream.resume();
    });
    writes.push(write);
  });

  const body = Readable.fromWeb(request.body as NodeWebReadableStream<Uint8Array>);
  try {
    body.on("error", (error) => parser.destroy(error));
    body.pipe(parser);
    await finished(parser);
    await Promise.all(writes);
  } catch (error) {
    // Not `pipeline`: it would destroy the request on a malformed body and cut
    // the connection before the client sees the 400. The rest is read and dropped.
    body.unpipe(parser);
    body.resume();
    parser.destroy();
    await Promise.allSettled(writes);
    // A stream destroyed before its file was opened still opens it, later: wait, or the file outlives its removal.
    await Promise.all(
      outputs.map((output) => output.closed || new Promise<void>((resolve) => output.once("close", () => resolve()))),
    );
    await discardUploads(files);
    if (failure) throw failure;
    const storageFailure = storageError(error);
    if (storageFailure) throw storageFailure;
    if (request.signal.aborted) throw new HttpError(400, "The upload was interrupted.");
    throw new HttpError(400, `The multipart body could not be read: ${(error as Error).message}`);
  }
  if (failure) {
    await discardUploads(files);
    throw failure;
  }
  return { fields, files };
}

export async function discardUploads(files: UploadedFile[]): Promise<void> {
  await Promise.all(files.map((f) => fsp.rm(f.path, { force: true })));
}

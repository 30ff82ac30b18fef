import { HttpError } from "~/server/core/http-error.server";

/**
 * The most any request body other than a photo upload may be: JSON calls and
 * plain forms (a name, a description of at most 5000 characters, a password)
 * fit many times over. Multipart uploads stream to disk instead (upload.server.ts)
 * and cap their non-file fields at the same total.
 */
export const MAX_FORM_BYTES = 64 * 1024;

export function bodyTooLarge(limit: number): HttpError {
  return new HttpError(413, `The request body is too large: the limit is ${Math.round(limit / 1024)} KB.`);
}

/**
 * Reads a body into memory up to `limit` bytes: refused by its Content-Length
 * before a byte is read, or as soon as a body sent without one passes it. A
 * refused body is left unread, not cancelled (cancelling would reset the
 * connection before the 413 is seen); express.server.ts drops the rest.
 */
async function readLimited(request: Request, limit: number): Promise<Buffer<ArrayBuffer>> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > limit) throw bodyTooLarge(limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) throw bodyTooLarge(limit);
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "The request body could not be read.");
  } finally {
    reader.releaseLock();
  }
  return Buffer.concat(chunks);
}

/**
 * The JSON object a call sends (every JSON call here takes one); 400 with
 * `refusal` when the body is not a JSON object, 413 past `limit`.
 */
export async function readJson(
  request: Request,
  refusal = "Send a JSON object.",
  limit = MAX_FORM_BYTES,
): Promise<Record<string, unknown>> {
  const bytes = await readLimited(request, limit);
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, refusal);
  return body as Record<string, unknown>;
}

/** A multipart body: a photo upload, read by `parseUpload` as a stream, never by `readForm`. */
export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/** A urlencoded (or small multipart) form; 413 past `limit`, 400 when it cannot be parsed. */
export async function readForm(request: Request, limit = MAX_FORM_BYTES): Promise<FormData> {
  const bytes = await readLimited(request, limit);
  const contentType = request.headers.get("content-type") ?? "";
  try {
    return await new Response(bytes, { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new HttpError(400, "Send the form as application/x-www-form-urlencoded.");
  }
}

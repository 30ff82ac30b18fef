import { href } from "react-router";
import type { Image } from "~/lib/image";

type UploadOutcome = { ok: true; image: Image } | { ok: false; reason: string; duplicateOf?: number };

interface UploadRequest {
  file: File;
  name: string;
  description: string;
  /** The album the photo goes into, or "" for none. */
  albumId: string;
  /** "public", "hidden", or "" for the server's default (hidden in an album that is not public). */
  visibility: string;
  /** Its place in the album: "start", "end", or "" where the album puts new photos. */
  albumPosition: string;
  /** The stored client token; without one the session cookie authenticates the call. */
  token: string;
  /** 0 to 1, or null while the browser cannot tell the total. */
  onProgress: (fraction: number | null) => void;
  signal: AbortSignal;
}

/** The server's message, and for a duplicate (409) the id of the photo already there. */
function refusalOf(xhr: XMLHttpRequest): { ok: false; reason: string; duplicateOf?: number } {
  try {
    const { message, id } = JSON.parse(xhr.responseText) as { message?: unknown; id?: unknown };
    if (typeof message === "string" && message) {
      return {
        ok: false,
        reason: message,
        ...(xhr.status === 409 && typeof id === "number" ? { duplicateOf: id } : {}),
      };
    }
  } catch {
    // Not JSON (a proxy's error page, say): fall back to the status.
  }
  return { ok: false, reason: `The server answered ${xhr.status}${xhr.statusText ? ` ${xhr.statusText}` : ""}.` };
}

/**
 * Posts one image to POST /api/image as multipart. XMLHttpRequest rather than
 * fetch because only it reports upload progress.
 */
export function uploadImage({
  file,
  name,
  description,
  albumId,
  visibility,
  albumPosition,
  token,
  onProgress,
  signal,
}: UploadRequest): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.set("name", name);
    body.set("description", description);
    if (albumId) body.set("albumId", albumId);
    // Empty: the server's default, hidden in an album that is not public.
    if (visibility) body.set("visibility", visibility);
    if (albumId && albumPosition) body.set("albumPosition", albumPosition);
    body.set("image", file, file.name);

    const xhr = new XMLHttpRequest();
    xhr.open("POST", href("/api/image"));
    xhr.setRequestHeader("Accept", "application/json");
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.addEventListener("progress", (event) => {
      onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    });
    xhr.addEventListener("load", () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve({ ok: true, image: JSON.parse(xhr.responseText) as Image });
      } else {
        resolve(refusalOf(xhr));
      }
    });
    xhr.addEventListener("error", () =>
      resolve({ ok: false, reason: "Network error: the server could not be reached." }),
    );
    xhr.addEventListener("abort", () => resolve({ ok: false, reason: "Request aborted." }));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * The download addresses, answered by Express in front of React Router
 * (docs/decisions/042-streamed-album-zip.md): React Router 7 writes a body
 * through `Promise.race` against a promise that settles only when the
 * response closes, which keeps every chunk written until then, so a 2 GB ZIP
 * held 2 GB. Here the body is piped into the response: backpressure reaches
 * the store, and a client that leaves destroys the pipe and the work behind it.
 */
import type { Express, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { pipeline } from "node:stream";
import { requestAccess } from "~/server/access/access.server";
import { asFetchRequest } from "~/server/access/access.server";
import { HttpError } from "~/server/core/http-error.server";
import { siteOrigin } from "~/server/http/site-origin.server";
import { DOWNLOAD_ROUTES } from "~/lib/paths";
import { albumDownload, photoDownload, type Asked, type DownloadAnswer } from "./download-response.server";

function answer(make: (asked: Asked, params: Record<string, string>) => DownloadAnswer | Promise<DownloadAnswer>) {
  return async (req: ExpressRequest, res: ExpressResponse): Promise<void> => {
    // Aborted when the client leaves before the answer is sent: the work it waits for is dropped if nobody else does.
    const left = new AbortController();
    const leave = () => left.abort(new Error("The client left"));
    res.once("close", () => {
      if (!res.writableFinished) leave();
    });
    if (req.socket.destroyed) leave();
    let result: DownloadAnswer;
    try {
      const request = asFetchRequest(req);
      const access = await requestAccess(request);
      const query = new URL(req.originalUrl, "http://download.invalid").searchParams;
      const asked = { head: req.method === "HEAD", query, access, signal: left.signal, origin: siteOrigin(request) };
      result = await make(asked, req.params as Record<string, string>);
    } catch (error) {
      // Nobody to answer.
      if (left.signal.aborted) return;
      if (!(error instanceof HttpError)) {
        console.error(error);
        res.status(500).json({ message: "Internal server error" });
        return;
      }
      if (error.headers) res.set(Object.fromEntries(new Headers(error.headers)));
      res.status(error.status).json({ message: error.message, ...error.extra });
      return;
    }
    res.writeHead(200, result.headers);
    if (!result.body) {
      res.end();
      return;
    }
    pipeline(result.body, res, (error) => {
      // A client that leaves is no error; a store that fails mid-answer is, and the cut answer says so to the client.
      if (error && error.code !== "ERR_STREAM_PREMATURE_CLOSE") console.error(`Download of ${req.path} failed:`, error);
    });
  };
}

export function serveDownloads(app: Express): void {
  app.get(
    DOWNLOAD_ROUTES.album,
    answer((asked, { slug }) => albumDownload(asked, slug!)),
  );
  app.get(
    DOWNLOAD_ROUTES.albumPhoto,
    answer((asked, { slug, imageId }) => photoDownload(asked, slug, imageId)),
  );
  app.get(
    DOWNLOAD_ROUTES.galleryPhoto,
    answer((asked, { imageId }) => photoDownload(asked, undefined, imageId)),
  );
}

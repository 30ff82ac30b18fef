// A project card the owner hid keeps its media to the owner: a visitor who
// kept (or guessed) the still's or the video's address gets a 404, as for a
// hidden photo; the owner, previewing the card in the admin, gets it privately.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editProject, fakeMp4, getProject, uploadMedia, type ApiProject } from "../support/projects";
import { makeJpeg } from "../support/images";
import { loginAdmin, startServer, type TestServer } from "../support/server";

let server: TestServer;
let session: { token: string; cookie: string };

beforeAll(async () => {
  // A CDN address for public media, so the test sees which addresses a hidden card's media get.
  server = await startServer({ env: { MEDIA_BASE_URL: "https://cdn.example.com/media" } });
  session = await loginAdmin(server.url);
});
afterAll(() => server?.stop());

/** The media's files by their path on this server (a CDN address is the same path behind another origin). */
const filePaths = (project: ApiProject) => {
  const media = project.media!;
  const files = media.kind === "video" ? [media.src, media.poster] : [media.src];
  return files.map((url) => new URL(url, server.url).pathname);
};

async function fetchAs(path: string, cookie?: string) {
  const response = await fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
  await response.arrayBuffer();
  return { status: response.status, cacheControl: response.headers.get("cache-control") };
}

describe("a hidden project's media", () => {
  it("are a 404 to visitors and private to the owner; showing the card again makes them public", async () => {
    // The sample's first card, given a video and its poster: both kinds of file.
    const upload = await uploadMedia(server.url, session.token, 1, {
      image: await makeJpeg(640, 360, 21),
      video: { data: fakeMp4(8 * 1024), filename: "clip.mp4", type: "video/mp4" },
    });
    expect(upload.status).toBe(200);
    const shown = await getProject(server.url, session.token, 1);
    const paths = filePaths(shown);
    expect(paths).toHaveLength(2);
    expect(shown.media!.kind === "video" && shown.media!.src).toMatch(/^https:\/\/cdn\.example\.com\/media\//);
    for (const path of paths)
      expect(await fetchAs(path)).toEqual({ status: 200, cacheControl: expect.stringMatching(/^public/) });

    expect((await editProject(server.url, session.token, 1, { hidden: true })).status).toBe(200);
    const hidden = await getProject(server.url, session.token, 1);
    // The owner's preview asks this server, never the CDN, which a visitor's request fills.
    expect(hidden.media!.kind === "video" && hidden.media!.src).toMatch(/^\/media\//);
    for (const path of paths) {
      expect((await fetchAs(path)).status, path).toBe(404);
      // Private (to the owner, `private, no-store` like every answer to the owner): no shared cache keeps it.
      expect(await fetchAs(path, session.cookie), path).toEqual({
        status: 200,
        cacheControl: expect.stringMatching(/^private/),
      });
    }

    expect((await editProject(server.url, session.token, 1, { hidden: false })).status).toBe(200);
    for (const path of paths) expect((await fetchAs(path)).status, path).toBe(200);
  });
});

// A stop (SIGTERM) lets a response already under way finish, then closes its connection at once: a deploy waits for
// the bytes in flight, not for the grace period a client that keeps its connection open would otherwise cost.
import { afterAll, beforeAll, expect, it } from "vitest";
import { makeJpeg } from "../support/images";
import { createProject, fakeMp4, getProject, uploadMedia } from "../support/projects";
import { rawConnection } from "../support/requests";
import { loginAdmin, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

/** More than loopback's socket buffers hold, so the server is still sending when the signal comes. */
const VIDEO_BYTES = 24 * 1024 * 1024;
let server: TestServer;
let videoPath: string;

beforeAll(async () => {
  server = await startServer();
  const { token } = await loginAdmin(server.url);
  const created = await createProject(server.url, token, { name: "Long take", demoUrl: "/life" });
  const { id } = (await created.json()) as { id: number };
  const video = { data: fakeMp4(VIDEO_BYTES), filename: "take.mp4", type: "video/mp4" };
  expect((await uploadMedia(server.url, token, id, { image: await makeJpeg(640, 360, 1), video })).status).toBe(200);
  const { media } = await getProject(server.url, token, id);
  if (media?.kind !== "video") throw new Error("no video");
  videoPath = media.src;
});

afterAll(async () => {
  await server?.kill();
});

it("a response under way at SIGTERM is sent whole, then its kept-alive connection is closed without the grace", async () => {
  const client = await rawConnection(server.url);
  const { host } = new URL(server.url);
  client.socket.write(`GET ${videoPath} HTTP/1.1\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`);
  await waitUntil(() => client.received().includes("\r\n\r\n"), "the response's headers arrived");
  // The client stops reading: the server cannot finish before the signal.
  client.socket.pause();
  const exited = server.stop();
  await waitUntil(
    () => server.output().includes("SIGTERM: finishing requests in flight"),
    "the server took the signal",
  );
  client.socket.resume();

  await waitUntil(client.closed, "the server closed the connection");
  const [head, ...body] = client.received().split("\r\n\r\n");
  expect(head).toMatch(/^HTTP\/1\.1 200/);
  expect(head).toMatch(/keep-alive/i);
  expect(Buffer.byteLength(body.join("\r\n\r\n"), "latin1")).toBe(VIDEO_BYTES);
  expect(await exited).toBe(0);
  // Closed because its response was out, not forced when the grace period ended.
  expect(server.output()).not.toContain("closing the connections still open");
});

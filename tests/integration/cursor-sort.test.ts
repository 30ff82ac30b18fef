// A cursor belongs to the sort it was made for: sent with another sortField or
// sortOrder it answers 400, not a quietly wrong (often empty) page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImagePage } from "~/lib/image";
import { seedPhotos } from "../support/seed";
import { startServer, type TestServer } from "../support/server";

const PAGE_SIZE = 24;

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  // One more than a page, in the library's shapes: varied sizes for the size sort.
  await seedPhotos(
    server,
    Array.from({ length: PAGE_SIZE + 1 }, (_, i) => ({ name: `sorted-${i}.jpg` })),
  );
});

afterAll(async () => {
  await server?.stop();
});

async function cursorFor(sort: string): Promise<string> {
  const page = (await (await fetch(`${server.url}/api/image?${sort}`)).json()) as ImagePage;
  expect(page.nextCursor).toEqual(expect.any(String));
  return page.nextCursor!;
}

describe("a cursor made for another sort", () => {
  it.each([
    ["", "sortField=name"],
    ["", "sortOrder=asc"],
    ["", "sortField=size&sortOrder=desc"],
    ["sortField=name&sortOrder=asc", "sortField=name"],
    ["sortField=name&sortOrder=asc", "sortField=uploaded_at&sortOrder=asc"],
    ["sortField=size&sortOrder=asc", "sortField=name&sortOrder=asc"],
  ])("made for %j, sent with %j → 400", async (madeFor, sentWith) => {
    const cursor = await cursorFor(madeFor);
    const response = await fetch(`${server.url}/api/image?${sentWith}&cursor=${cursor}`);
    expect(response.status).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/^cursor was made for sortField=\w+&sortOrder=\w+; send the same sortField and sortOrder/);
  });

  it("still continues its own sort", async () => {
    for (const sort of ["", "sortField=name&sortOrder=asc", "sortField=size&sortOrder=desc"]) {
      const cursor = await cursorFor(sort);
      const response = await fetch(`${server.url}/api/image?${sort}&cursor=${cursor}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as ImagePage).images).toHaveLength(1);
    }
  });

  it("in the gallery's Load more link answers 400 too", async () => {
    const response = await fetch(`${server.url}/photography?cursor=${await cursorFor("sortField=name")}`);
    expect(response.status).toBe(400);
    await response.arrayBuffer();
  });
});

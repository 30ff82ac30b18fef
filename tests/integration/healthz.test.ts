import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

describe("GET /healthz", () => {
  it("200 while the database answers and the uploads folder is writable", async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ok", database: true, storage: true });
  });

  it("503 while the uploads folder cannot be written, 200 again once it can", async () => {
    // chmod cannot stop root, so the temp folder is replaced by a plain file.
    const tmp = path.join(server.uploadsDir, "tmp");
    fs.rmSync(tmp, { recursive: true });
    fs.writeFileSync(tmp, "not a folder");
    try {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable", database: true, storage: false });
    } finally {
      fs.rmSync(tmp);
      fs.mkdirSync(tmp);
    }
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

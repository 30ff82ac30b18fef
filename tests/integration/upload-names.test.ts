// Names and descriptions as they reach the database: UTF-8 file names come out
// as sent (API and the admin page's plain multi-file form), and control and
// bidi characters are dropped on every path that writes a name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Image } from "~/lib/image";
import { makeJpeg, uploadImage } from "../support/images";
import { postPlainUpload } from "../support/plain-upload";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";

let server: TestServer;
let token: string;
let seed = 900;

beforeAll(async () => {
  server = await startServer();
  ({ token } = await loginAdmin(server.url));
});

afterAll(async () => {
  await server?.stop();
});

async function photo(): Promise<Blob> {
  return new Blob([new Uint8Array(await makeJpeg(64, 48, seed++))], { type: "image/jpeg" });
}

async function imageNamed(name: string): Promise<Image | undefined> {
  const page = (await (await fetch(`${server.url}/api/image?page=1`)).json()) as { images: Image[] };
  return page.images.find((image) => image.name === name);
}

async function put(id: number, body: object): Promise<Response> {
  return fetch(`${server.url}/api/image/${id}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({ id, ...body }),
  });
}

describe("UTF-8 file names", () => {
  it("an API upload with a blank name is named after its file without the extension, decoded as UTF-8", async () => {
    const filename = "Café Ærø 東京 №5 😀.jpg";
    const response = await uploadImage(
      server.url,
      token,
      { data: await makeJpeg(64, 48, seed++), filename },
      { name: " " },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "Café Ærø 東京 №5 😀", filename });
  });

  it("the admin page's plain multi-file form names each photo after its file without the extension, decoded as UTF-8", async () => {
    const { cookie } = await loginAdmin(server.url);
    const names = ["Straße im Regen.jpg", "夏の海.jpg"];
    const form = new FormData();
    form.set("name", "");
    form.set("description", "");
    for (const name of names) form.append("image", await photo(), name);
    const { dashboard } = await postPlainUpload(server.url, cookie, form);
    expect(dashboard?.status).toBe(200);
    const html = await dashboard!.text();
    expect(pageText(html)).toContain("2 of 2 uploaded · View them");
    for (const filename of names) {
      const name = filename.replace(/\.jpg$/, "");
      // The summary names each stored photo.
      expect(pageText(html)).toContain(`${name}Edit`);
      expect(await imageNamed(name)).toMatchObject({ filename });
    }
  });
});

describe("control and bidi characters", () => {
  it("are dropped from an uploaded name, description and file name", async () => {
    const form = new FormData();
    form.set("name", "Harbour\u202E\u0000 at dawn");
    form.set("description", "Fog\u2066 over\r\nthe water\u0007");
    form.set("image", await photo(), "harbour\u202Egpj.exe");
    const response = await fetch(`${server.url}/api/image`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      name: "Harbour at dawn",
      description: "Fog over\nthe water",
      filename: "harbourgpj.exe",
    });
  });

  it("an uploaded name of only such characters counts as blank: the file name without its extension is used", async () => {
    const response = await uploadImage(
      server.url,
      token,
      { data: await makeJpeg(64, 48, seed++), filename: "pier.jpg" },
      { name: "\u202E\u2069" },
    );
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ name: "pier" });
  });

  it("are dropped by an edit, and an edited name of only such characters is refused like a blank one", async () => {
    const created = await uploadImage(server.url, token, {
      data: await makeJpeg(64, 48, seed++),
      filename: "quay.jpg",
    });
    const { id } = (await created.json()) as Image;

    const edited = await put(id, { name: "\u2067Quay\u2069", description: "Low\u202Dtide\u0000" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: "Quay", description: "Lowtide" });

    const refused = await put(id, { name: "\u202A\u0000\u202C", description: "" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ message: "name must not be empty", field: "name" });
    expect((await (await fetch(`${server.url}/api/image/${id}`)).json()) as Image).toMatchObject({ name: "Quay" });
  });
});

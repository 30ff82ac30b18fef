// Share links against a test server: the owner's calls, a client's requests, and answers as comparable wholes.
import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "vitest";
import type { Album } from "~/lib/album";
import type { Image } from "~/lib/image";
import type { ShareLink } from "~/lib/share-link";
import { cookieFrom, fromIp } from "./logins";
import { seedImages } from "./seed";
import type { TestServer } from "./server";

/** The calls a share-link test makes on `server` as the owner (`session`) and as a client. */
export function shareKit(server: TestServer, session: { token: string }) {
  const asOwner = () => ({ Authorization: `Bearer ${session.token}`, "Content-Type": "application/json" });
  const get = (p: string, cookie?: string, headers: Record<string, string> = {}) =>
    fetch(server.url + p, { headers: { ...headers, ...(cookie ? { Cookie: cookie } : {}) }, redirect: "manual" });

  async function createAlbum(name: string, slug: string): Promise<Album> {
    const response = await fetch(`${server.url}/api/album`, {
      method: "POST",
      headers: asOwner(),
      body: JSON.stringify({ name, slug, visibility: "private" }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Album;
  }

  /** Adds a hidden photo (the seed fixture: no image pipeline), in the album if given. */
  async function addPhoto(name: string, albumId?: number): Promise<Image> {
    const photo = { name, filename: `${name}.jpg`, visibility: "hidden" as const };
    const [image] = await seedImages(server, session.token, [
      albumId === undefined ? photo : { ...photo, albumIds: [albumId] },
    ]);
    return image!;
  }

  async function createLink(
    albumId: number,
    fields: Record<string, unknown> = {},
  ): Promise<ShareLink & { url: string }> {
    const response = await fetch(`${server.url}/api/album/${albumId}/links`, {
      method: "POST",
      headers: asOwner(),
      body: JSON.stringify({ label: "A client", ...fields }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as ShareLink & { url: string };
  }

  async function listLinks(albumId: number): Promise<ShareLink[]> {
    const response = await fetch(`${server.url}/api/album/${albumId}/links`, { headers: asOwner() });
    expect(response.status).toBe(200);
    return ((await response.json()) as { links: ShareLink[] }).links;
  }

  const linkPath = (link: { url: string }) => new URL(link.url).pathname;

  /** Opens a link without a password: its grant cookie (`name=value`). */
  async function openLink(link: { url: string }, cookie?: string): Promise<string> {
    const response = await get(linkPath(link), cookie);
    expect(response.status).toBe(303);
    return cookieFrom(response, "__share_grants")!;
  }

  function postPassword(token: string, password: string, ip = "198.51.100.1", cookie?: string) {
    return fetch(`${server.url}/s/${token}?unlock`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...fromIp(ip),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: new URLSearchParams({ password }),
      redirect: "manual",
    });
  }

  /** Status, headers (Date aside, the nonce blanked) and body, with the token blanked: an answer as a comparable whole. */
  async function answer(response: Response, token: string) {
    let body = (await response.text()).replaceAll(token, "TOKEN");
    const nonce = /nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    if (nonce) body = body.replaceAll(nonce, "NONCE");
    const headers = [...response.headers]
      .filter(([name]) => name !== "date")
      .map(([name, value]) => [name, nonce ? value.replaceAll(nonce, "NONCE") : value]);
    return { status: response.status, headers, body };
  }

  function database(readonly = true) {
    return new Database(path.join(server.dataDir, "portfolio.sqlite"), { readonly });
  }

  return {
    asOwner,
    get,
    createAlbum,
    addPhoto,
    createLink,
    listLinks,
    linkPath,
    openLink,
    postPassword,
    answer,
    database,
  };
}

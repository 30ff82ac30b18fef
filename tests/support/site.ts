/** Helpers for the site's own content (profile, links, settings, CV, portrait, logo) as the owner edits it. */
import { expect } from "vitest";

export const SITE_PATH = "/photography/admin/site";

export function putSite(url: string, token: string, body: unknown): Promise<Response> {
  return fetch(`${url}/api/site`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export function uploadCv(url: string, token: string, data: Buffer, filename = "cv.pdf"): Promise<Response> {
  const form = new FormData();
  form.set("cv", new Blob([new Uint8Array(data)], { type: "application/pdf" }), filename);
  return fetch(`${url}/api/site/cv`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
}

/** The plain portrait form, as a browser without JavaScript posts it: a 303 back to the Site page. */
export async function uploadPortraitForm(url: string, cookie: string, data: Buffer): Promise<Response> {
  const form = new FormData();
  form.set("portrait", new Blob([new Uint8Array(data)], { type: "image/jpeg" }), "me.jpg");
  const response = await fetch(`${url}${SITE_PATH}/portrait`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  return response;
}

/**
 * The plain logo form as a browser without JavaScript posts it (a file, or Remove when `data` is null): the Site
 * page's notice it redirects to.
 */
export async function postLogoForm(
  url: string,
  cookie: string,
  data: Buffer | null,
  type = "image/png",
): Promise<string> {
  const form = new FormData();
  if (data) form.set("logo", new Blob([new Uint8Array(data)], { type }), "logo");
  const response = await fetch(`${url}${SITE_PATH}/logo`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: data ? form : new URLSearchParams({ intent: "remove" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`${SITE_PATH}#logo`);
  const notice = response.headers.getSetCookie()[0]!.split(";")[0]!;
  const page = await fetch(`${url}${SITE_PATH}`, { headers: { Cookie: `${cookie}; ${notice}` } });
  return /<section[^>]*id="logo"[\s\S]*?role="(?:status|alert)">([^<]*)</.exec(await page.text())?.[1] ?? "";
}

/** A small, real PDF whose text is `text`. */
export function pdfWith(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
}

export async function pageHtml(url: string, path = "/"): Promise<string> {
  const response = await fetch(`${url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The new owner every test fills in. */
export const NEW_OWNER = {
  profile: {
    name: "Maria Nilsson",
    tagline: "Landscape photographer",
    location: "Tromsø, Norway",
    about: "I photograph *northern light*.\n\nSee [my prints](https://prints.example.com).",
  },
  links: [
    { id: "email", kind: "email", label: "Mail", url: "mailto:maria@example.org", icon: "mail" },
    { id: "code", kind: "code", label: "Codeberg", url: "https://codeberg.org/maria", icon: "code" },
    { id: "network", kind: "network", label: "LinkedIn", url: "", icon: "linkedin" },
    { id: "cv", kind: "cv", label: "CV", url: "/cv.pdf", icon: "file" },
    { id: "shop", kind: "custom", label: "Print shop", url: "https://shop.example.com/maria", icon: "link" },
  ],
  settings: {
    title: "Maria's North",
    colourScheme: "dark",
    accent: "green",
    showCameraDetails: false,
    footerLine: "All photographs © Maria Nilsson",
  },
};

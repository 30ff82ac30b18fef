// The JavaScript a page makes the browser load: what the budget and the
// owner-only chunks are checked against, read from the built server's answers.
import { expect } from "vitest";

async function text(url: string, cookie?: string): Promise<string> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  expect(response.status, url).toBe(200);
  return response.text();
}

/** Every script a page's HTML names (its module and the modulepreloads of its static imports). */
const scriptsOf = (html: string) => [...new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url))];

/** The chunks a script imports on demand (`import("./x.js")`). */
export const dynamicImportsOf = (source: string) =>
  [...source.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`);

/** The scripts a first load of `urlPath` fetches, with their sources. */
export async function scriptsLoadedBy(origin: string, urlPath: string, cookie?: string) {
  const html = await text(`${origin}${urlPath}`, cookie);
  return Promise.all(scriptsOf(html).map(async (url) => ({ url, source: await text(`${origin}${url}`) })));
}

/** A script's source as the server fetches it. */
export function scriptSource(origin: string, url: string): Promise<string> {
  return text(`${origin}${url}`);
}

// The JavaScript a page makes the browser load, read from the built server's
// answers: what the budget test and the owner-only chunk tests check, and what
// `npm run bench js-size` reports. No test runner here, so the bench can use it.
import { gzipSync } from "node:zlib";

async function text(url: string, cookie?: string): Promise<string> {
  const response = await fetch(url, { headers: cookie ? { Cookie: cookie } : {} });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}, not 200`);
  return response.text();
}

export interface PageScript {
  url: string;
  source: string;
}

/**
 * Every script a page's HTML names (its module and the modulepreloads of its static imports), but the route manifest's
 * own file: with lazy route discovery (React Router's default) the page holds its routes inline and names the file
 * (`"url"`) only as the manifest's version, and the browser asks `/__manifest` for other routes instead of loading it.
 */
const scriptsOf = (html: string) => {
  const loaded = html.replace(/"url":\s*"\/assets\/manifest-[\w]+\.js"/g, "");
  return [...new Set([...loaded.matchAll(/\/assets\/[\w.-]+\.js/g)].map(([url]) => url))];
};

/** The chunks a script imports on demand (`import("./x.js")`). */
export const dynamicImportsOf = (source: string) =>
  [...source.matchAll(/import\("\.\/([\w.-]+\.js)"\)/g)].map((match) => `/assets/${match[1]}`);

/** The scripts a first load of `urlPath` fetches, with their sources. */
export async function scriptsLoadedBy(origin: string, urlPath: string, cookie?: string): Promise<PageScript[]> {
  const html = await text(`${origin}${urlPath}`, cookie);
  return Promise.all(scriptsOf(html).map(async (url) => ({ url, source: await text(`${origin}${url}`) })));
}

/** A script's source as the server fetches it. */
export function scriptSource(origin: string, url: string): Promise<string> {
  return text(`${origin}${url}`);
}

/** What the scripts weigh gzipped, as a browser downloads them from a server that compresses. */
export function gzippedBytes(scripts: PageScript[]): number {
  return scripts.reduce((sum, { source }) => sum + gzipSync(source).length, 0);
}

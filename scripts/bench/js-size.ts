import {
  dynamicImportsOf,
  gzippedBytes,
  scriptSource,
  scriptsLoadedBy,
  type PageScript,
} from "../../tests/support/page-scripts";
import { loginAdmin, startServer } from "../../tests/support/server";
import type { Row } from "./util";

const BUDGET_BYTES = 125 * 1024;
const PAGES = ["/", "/photography"];

/** The chunks a script imports statically (`from"./x.js"`, `import"./x.js"`). */
const staticImportsOf = (source: string) =>
  [...source.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((match) => `/assets/${match[1]}`);

/**
 * What the loaded scripts may still fetch on demand (their `import()` chunks and
 * everything those import), leaving out what the first load already holds: the
 * owner's drag and drop, for instance, which a visitor never fetches.
 */
async function onDemand(origin: string, loaded: PageScript[]): Promise<PageScript[]> {
  const seen = new Set(loaded.map((script) => script.url));
  const found: PageScript[] = [];
  let next = loaded.flatMap(({ source }) => dynamicImportsOf(source));
  while (next.length) {
    const urls = [...new Set(next)].filter((url) => !seen.has(url));
    urls.forEach((url) => seen.add(url));
    const scripts = await Promise.all(urls.map(async (url) => ({ url, source: await scriptSource(origin, url) })));
    found.push(...scripts);
    next = scripts.flatMap(({ source }) => [...staticImportsOf(source), ...dynamicImportsOf(source)]);
  }
  return found;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The gzipped JavaScript of a first load of `/` and `/photography`, for a visitor
 * and for the signed-in owner, and what each may fetch later on demand (issue 23:
 * the visitor's stays within budget; the owner's tools are theirs alone).
 */
export async function benchJsSize(): Promise<Row[]> {
  const server = await startServer();
  try {
    const { cookie } = await loginAdmin(server.url);
    const rows: Row[] = [];
    for (const page of PAGES) {
      const visitor = await scriptsLoadedBy(server.url, page);
      const owner = await scriptsLoadedBy(server.url, page, cookie);
      const visitorBytes = gzippedBytes(visitor);
      for (const [who, scripts] of [
        ["visitor", visitor],
        ["owner", owner],
      ] as const) {
        const bytes = gzippedBytes(scripts);
        const later = gzippedBytes(await onDemand(server.url, scripts));
        const budgeted = page === "/" && who === "visitor";
        rows.push({
          figure: `JS on ${page}, ${who}: first load (gzip)`,
          target: budgeted ? "≤ 125 KB" : "—",
          measured: `${kb(bytes)} in ${scripts.length} scripts`,
          ratio: budgeted
            ? `${(bytes / BUDGET_BYTES).toFixed(2)} of budget`
            : `${(bytes / visitorBytes).toFixed(2)}× visitor`,
        });
        // Fetched only when used: a visitor's page never takes the owner's drag and drop.
        rows.push({
          figure: `JS on ${page}, ${who}: reachable on demand (gzip)`,
          target: "—",
          measured: kb(later),
          ratio: "—",
        });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./ports";
import { ROOT } from "./server";

/** Debian's nginx, where it is installed (CI installs it). */
export function findNginx(): string | undefined {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) if (fs.existsSync(candidate)) return candidate;
  const found = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" }).stdout.trim();
  return found || undefined;
}

/** nginx's cache statuses of answers that came from the site rather than the cache. */
const FROM_ORIGIN = new Set(["MISS", "EXPIRED", "BYPASS", "REVALIDATED", "-"]);

export function reachedOrigin(entry: { cache: string }): boolean {
  return FROM_ORIGIN.has(entry.cache);
}

export interface CachingProxy {
  url: string;
  /** Each request nginx answered: its cache status (HIT, MISS, …) and URI. */
  log: () => { cache: string; status: number; uri: string }[];
  stop: () => Promise<void>;
}

/**
 * Starts nginx with the documented front config (docs/cdn/nginx.conf) in
 * front of `upstream`, on a free port, with its cache and logs in a temp folder.
 */
export async function startCachingProxy(nginx: string, upstream: string): Promise<CachingProxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-nginx-"));
  const port = await freePort();
  const site = fs
    .readFileSync(path.join(ROOT, "docs/cdn/nginx.conf"), "utf8")
    .replace("/var/cache/nginx/portfolio", path.join(dir, "cache"))
    .replace("server 127.0.0.1:3000;", `server ${new URL(upstream).host};`)
    .replace("listen 80;", `listen 127.0.0.1:${port};`);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((name) => `${name}_temp_path ${path.join(dir, name)};`)
    .join("\n  ");
  fs.writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
master_process off;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 1024; }
http {
  log_format cache '$upstream_cache_status $status $request_uri';
  access_log ${path.join(dir, "access.log")} cache;
  ${temp}
${site}
}
`,
  );
  const child: ChildProcess = spawn(
    nginx,
    ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-e", path.join(dir, "error.log")],
    {
      stdio: "ignore",
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch (error) {
      if (child.exitCode !== null || attempt > 200) {
        throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    log: () =>
      fs
        .readFileSync(path.join(dir, "access.log"), "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [cache, status, uri] = line.split(" ");
          return { cache: cache!, status: Number(status), uri: uri! };
        }),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGQUIT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import fs from "node:fs";
import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * POSTs a JSON login over a socket of its own (no shared keep-alive pool), so
 * logins started together really reach the server in parallel.
 */
export function postLogin(
  baseUrl: string,
  credentials: unknown,
  headers: Record<string, string> = {},
): Promise<RawResponse> {
  const body = Buffer.from(JSON.stringify(credentials));
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/api/auth/login`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "Content-Length": body.length, ...headers },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** The `name=value` part of the cookie `name` the response sets. */
export function cookieFrom(response: RawResponse | Response, name: string): string | undefined {
  const lines = response instanceof Response ? response.headers.getSetCookie() : (response.headers["set-cookie"] ?? []);
  return lines.find((line) => line.startsWith(`${name}=`))?.split(";")[0];
}

/** Resident set size of a process in bytes (VmRSS in /proc). */
export function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) * 1024;
}

export const fromIp = (ip: string) => ({ "X-Forwarded-For": ip });

import http from "node:http";

/**
 * A lean keep-alive client for latency figures. undici's `fetch` adds about
 * 1.5 ms of its own to every request on these machines (measured against the
 * same server), which would hide the server's few milliseconds.
 */
export interface HttpClient {
  /** Sends one request, reads the whole answer, and rejects unless it is a 2xx. */
  send(path: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<void>;
  close(): void;
}

export function httpClient(baseUrl: string): HttpClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(baseUrl);
  return {
    send: (path, { method = "GET", headers = {}, body } = {}) =>
      new Promise((resolve, reject) => {
        const request = http.request({ hostname, port, path, method, headers, agent }, (response) => {
          response.resume();
          response.on("end", () => {
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) resolve();
            else reject(new Error(`${method} ${path} answered ${status}`));
          });
        });
        request.on("error", reject);
        request.end(body);
      }),
    close: () => agent.destroy(),
  };
}

/** Milliseconds per call of `count` calls, after 30 to warm up. */
export async function latencies(call: () => Promise<void>, count: number): Promise<number[]> {
  for (let i = 0; i < 30; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

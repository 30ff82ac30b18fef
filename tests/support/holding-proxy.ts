import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { expect } from "vitest";
import type { TestBucket } from "./s3";
import { forward } from "./forward";
import { waitUntil } from "./storage-check";

/**
 * A pass-through HTTP proxy in front of a server (the test bucket's S3
 * endpoint) that can hold one request until the test releases it: an upload
 * held mid-store, or a script held mid-run, while another process acts.
 * Requests are forwarded with their headers as signed (Host included).
 */
export interface HoldingProxy {
  url: string;
  /** Holds the next request `matches` picks, until `release`. */
  holdNext(matches: (request: IncomingMessage) => boolean): void;
  /** The held request's method and URL, once one is held. */
  held(): string | undefined;
  /** Forwards the held request. */
  release(): void;
  /** Cuts the held request instead (its sender was killed). */
  drop(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let matcher: ((request: IncomingMessage) => boolean) | undefined;
  let heldRequest: { description: string; forward: () => void; cut: () => void } | undefined;

  const server = http.createServer((request, response) => {
    if (matcher?.(request)) {
      matcher = undefined;
      heldRequest = {
        description: `${request.method} ${request.url}`,
        forward: () => forward(request, response, upstream),
        cut: () => request.destroy(),
      };
      return;
    }
    forward(request, response, upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    holdNext(matches) {
      matcher = matches;
      heldRequest = undefined;
    },
    held: () => heldRequest?.description,
    release() {
      heldRequest?.forward();
      heldRequest = undefined;
    },
    drop() {
      heldRequest?.cut();
      heldRequest = undefined;
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Holds the next photo original's PUT through `proxy` (an upload already sent, or about to be); resolves with its
 * storage key once a variant of it is in the bucket: the upload is then mid-store, its original not yet there.
 */
export async function holdNextOriginal(proxy: HoldingProxy, bucket: TestBucket): Promise<string> {
  proxy.holdNext((request) => request.method === "PUT" && /\/originals\/[a-f0-9]{32}/.test(request.url ?? ""));
  await waitUntil(() => proxy.held() !== undefined, "an original's PUT is held");
  const key = /\/originals\/([a-f0-9]{32})/.exec(proxy.held()!)![1]!;
  await expect
    .poll(async () => (await bucket.objects()).some((object) => object.startsWith(`media/${key}/`)), {
      timeout: 20_000,
    })
    .toBe(true);
  return key;
}

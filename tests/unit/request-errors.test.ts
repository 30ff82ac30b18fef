import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { logRequestError, requestId } from "~/server/http/request-errors.server";

function logged(error: unknown, request: Request): string[] {
  const lines: string[] = [];
  logRequestError(error, request, (text) => lines.push(...text.split("\n")));
  return lines;
}

describe("requestId", () => {
  it("is the same for one request and differs between requests", () => {
    const request = new Request("http://site.test/photography");
    expect(requestId(request)).toMatch(/^[0-9a-f]{12}$/);
    expect(requestId(request)).toBe(requestId(request));
    expect(requestId(new Request("http://site.test/photography"))).not.toBe(requestId(request));
  });
});

describe("logRequestError", () => {
  it("logs an unexpected error once, on one line led by the request id, method and path, then its stack", () => {
    const request = new Request("http://site.test/photography?image=7");
    const lines = logged(new TypeError("boom"), request);
    expect(lines[0]).toBe(`Request ${requestId(request)} failed: GET /photography?image=7: TypeError: boom`);
    expect(lines.filter((line) => line.includes(requestId(request)))).toHaveLength(1);
    expect(lines.slice(1).every((line) => /^\s+at /.test(line))).toBe(true);
  });

  it("logs what is not an Error too", () => {
    const request = new Request("http://site.test/", { method: "POST" });
    expect(logged("disk on fire", request)).toEqual([`Request ${requestId(request)} failed: POST /: disk on fire`]);
  });

  it("logs a 5xx response React Router made with the error inside it", () => {
    const request = new Request("http://site.test/life");
    const lines = logged(new ErrorResponse(500, "Internal Server Error", new Error("inner cause"), true), request);
    expect(lines[0]).toBe(`Request ${requestId(request)} failed: GET /life: Error: inner cause`);
  });

  it.each([
    ["an unknown page", new ErrorResponse(404, "Not Found", new Error('No route matches URL "/nope"'), true)],
    [
      "a method the route has no action for",
      new ErrorResponse(405, "Method Not Allowed", new Error("no action"), true),
    ],
    [
      "a bad request answered by a loader",
      new ErrorResponse(400, "", { message: "The image id must be a positive whole number" }),
    ],
  ])("does not log %s: a 4xx is an answer, not a fault", (_, error) => {
    expect(logged(error, new Request("http://site.test/nope"))).toEqual([]);
  });

  it("does not log a request the client gave up on", () => {
    const controller = new AbortController();
    const request = new Request("http://site.test/photography", { signal: controller.signal });
    controller.abort();
    expect(logged(new Error("aborted render"), request)).toEqual([]);
  });
});

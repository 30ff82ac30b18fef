import { describe, expect, it, vi } from "vitest";
import { jsonApi, pageError } from "~/server/http/http.server";
import { HttpError } from "~/server/core/http-error.server";

describe("HttpError", () => {
  it("answers as JSON { message, ...extra } with its status and headers", async () => {
    const response = new HttpError(429, "Too many.", { id: 7 }, { "Retry-After": "5" }).toResponse();
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ message: "Too many.", id: 7 });
  });

  it("reaches a page's error boundary with its status and message", () => {
    const thrown = pageError(new HttpError(404, "There is no image with id 9")) as {
      init: ResponseInit;
      data: unknown;
    };
    expect(thrown.init.status).toBe(404);
    expect(thrown.data).toEqual({ message: "There is no image with id 9" });
    const other = new Error("boom");
    expect(pageError(other)).toBe(other);
  });
});

describe("jsonApi", () => {
  const args = { request: new Request("http://localhost/api/image", { method: "POST" }) };

  it("answers a thrown HttpError as its JSON, a thrown Response as it is, anything else as a JSON 500", async () => {
    const refused = await jsonApi(async () => {
      throw new HttpError(405, "Use POST here.", {}, { Allow: "POST" });
    })(args);
    expect(refused.status).toBe(405);
    expect(refused.headers.get("allow")).toBe("POST");
    expect(await refused.json()).toEqual({ message: "Use POST here." });

    const redirect = new Response(null, { status: 303, headers: { Location: "/photography/admin" } });
    expect(
      await jsonApi(async () => {
        throw redirect;
      })(args),
    ).toBe(redirect);

    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const crashed = await jsonApi(async () => {
      throw new Error("boom");
    })(args);
    expect(crashed.status).toBe(500);
    expect(await crashed.json()).toEqual({ message: "Internal server error" });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});

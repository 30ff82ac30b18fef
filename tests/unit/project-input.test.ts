import { describe, expect, it } from "vitest";
import { HttpError } from "~/server/core/http-error.server";
import { parseProjectInput } from "~/server/projects/project-input.server";

function refusal(value: unknown, create = false): string {
  try {
    parseProjectInput(value, { create });
  } catch (error) {
    if (error instanceof HttpError && error.status === 400) return error.message;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(value)}`);
}

describe("a project's links", () => {
  it.each(["https://example.com", "http://example.com/path?q=1#top", "/life", "/photography/albums/trip"])(
    "takes %s",
    (demoUrl) => {
      expect(parseProjectInput({ demoUrl }, { create: false }).demoUrl).toBe(demoUrl);
    },
  );

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " javascript:alert(1)",
    "data:text/html,<script>1</script>",
    "vbscript:msgbox",
    "mailto:a@example.com",
    "//evil.example.com",
    "/\\evil.example.com",
    "https://",
    "https://exa mple.com",
    "/a\nb",
    "life",
    "",
  ])("refuses %j, naming the field", (demoUrl) => {
    expect(refusal({ demoUrl })).toMatch(/^demoUrl must be an http:\/\/ or https:\/\/ address/);
    expect(refusal({ codeUrl: demoUrl || "x" })).toMatch(/^codeUrl must be/);
  });

  it("takes an empty or null code link as none", () => {
    expect(parseProjectInput({ codeUrl: "" }, { create: false }).codeUrl).toBeNull();
    expect(parseProjectInput({ codeUrl: null }, { create: false }).codeUrl).toBeNull();
  });
});

describe("a project's other fields", () => {
  it("needs a name and a demo link to be created", () => {
    expect(refusal({ demoUrl: "/life" }, true)).toMatch(/^name /);
    expect(refusal({ name: "A" }, true)).toMatch(/^demoUrl /);
  });

  it("splits the form's tags at commas, trims them and drops repeats and blanks", () => {
    expect(parseProjectInput({ tags: " Go, Maps,,Go " }, { create: false }).tags).toEqual(["Go", "Maps"]);
    expect(refusal({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })).toMatch(/^tags must be at most 10/);
    expect(refusal({ tags: ["a", "x".repeat(41)] })).toBe("tags[1] must be at most 40 characters");
  });

  it("reads a checkbox's on as hidden, and refuses other values", () => {
    expect(parseProjectInput({ hidden: "on" }, { create: false }).hidden).toBe(true);
    expect(parseProjectInput({ hidden: false }, { create: false }).hidden).toBe(false);
    expect(refusal({ hidden: "yes" })).toMatch(/^hidden /);
  });
});

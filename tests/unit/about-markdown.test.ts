import { describe, expect, it } from "vitest";
import { renderAbout } from "~/server/site/about-markdown.server";
import { isSafeUrl } from "~/server/site/site-schemas.server";

describe("the about text's Markdown", () => {
  it("renders paragraphs, emphasis, lists and http(s)/mailto links", async () => {
    expect(await renderAbout("One *two*\n\n- a\n- b\n\n[mail](mailto:me@example.com) [web](https://example.com)")).toBe(
      "<p>One <em>two</em></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n" +
        '<p><a href="mailto:me@example.com">mail</a> ' +
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">web</a></p>\n',
    );
  });

  it("leaves javascript:, data: and relative links as text", async () => {
    for (const url of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "/admin"]) {
      const html = await renderAbout(`[x](${url})`);
      expect(html).not.toContain("<a");
      expect(html).toContain("[x](");
    }
  });

  it("shows raw HTML as text", async () => {
    expect(await renderAbout('<script>alert(1)</script><img src=x onerror="alert(1)">')).toBe(
      "<p>&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>\n",
    );
  });

  it("renders nothing for an empty text", async () => {
    expect(await renderAbout("")).toBe("");
  });
});

describe("link addresses", () => {
  it("takes absolute http, https and mailto addresses only", () => {
    expect(isSafeUrl("https://example.com/x")).toBe(true);
    expect(isSafeUrl("http://example.com")).toBe(true);
    expect(isSafeUrl("mailto:me@example.com")).toBe(true);
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "ftp://example.com",
      "/cv.pdf",
      "https://",
      "vbscript:x",
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});

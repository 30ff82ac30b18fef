/**
 * The owner's "about" text as HTML: a small, safe subset of Markdown
 * (paragraphs, emphasis, lists, links). Raw HTML is shown as text, and a link
 * whose address is not http:, https: or mailto: stays text (a `javascript:`
 * link in a description was Lychee's GHSA-pgfr-x389-5p2h). Rendered on the
 * server, so no Markdown code reaches the visitor's browser.
 */
import type MarkdownIt from "markdown-it";
import { isSafeUrl } from "./site-schemas.server";

function configured(markdown: MarkdownIt): MarkdownIt {
  markdown.enable(["paragraph", "newline", "emphasis", "link", "list", "backticks", "escape", "entity"]);

  // markdown-it's own check lets data:image links through; only absolute http(s) and mailto addresses pass here.
  markdown.validateLink = (url: string) => isSafeUrl(url);

  const defaultLinkOpen =
    markdown.renderer.rules.link_open ??
    ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));

  // The about text's links lead off the site: a new tab, without the opener, for http(s).
  markdown.renderer.rules.link_open = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    if (!token.attrGet("href")?.startsWith("mailto:")) {
      token.attrSet("target", "_blank");
      token.attrSet("rel", "noopener noreferrer");
    }
    return defaultLinkOpen(tokens, index, options, env, self);
  };
  return markdown;
}

// Loaded with the first about text to render, not at every start (record 097).
let markdown: Promise<MarkdownIt> | undefined;

export async function renderAbout(text: string): Promise<string> {
  if (!text) return "";
  markdown ??= import("markdown-it").then(({ default: MarkdownIt }) =>
    configured(new MarkdownIt("zero", { html: false, linkify: false, typographer: false, breaks: true })),
  );
  return (await markdown).render(text);
}

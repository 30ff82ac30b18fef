import { expect } from "vitest";

/** The nonce in a response's Content-Security-Policy. */
export function nonceOf(response: Response): string {
  const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, "a CSP nonce").toBeTruthy();
  return nonce!;
}

/** Reads an HTML answer, checks that it has scripts and every one carries this response's nonce; returns the nonce and the HTML. */
export async function noncedHtml(response: Response): Promise<{ nonce: string; html: string }> {
  const nonce = nonceOf(response);
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length, response.url).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, response.url).toContain(`nonce="${nonce}"`);
  return { nonce, html };
}

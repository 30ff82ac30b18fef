import type { Page } from "@playwright/test";

/**
 * Notes every layout shift of the page's documents (`layoutShifts` reads them), each with what moved and where, so a
 * failure names its cause.
 */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? "?";
      const classes = [...node.classList].map((name) => `.${name}`).join("");
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes}`;
    };
    const box = (rect: DOMRectReadOnly) => `${rect.x},${rect.y} ${rect.width}×${rect.height}`;
    const shifts: string[] = [];
    (window as unknown as { shifts: string[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const moved = entry.sources.map(
          (source) => `${describe(source.node)} ${box(source.previousRect)} → ${box(source.currentRect)}`,
        );
        shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${moved.join("; ")}`);
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

export const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);

/** Two frames on: layout shifts are reported after the frame they happened in. */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

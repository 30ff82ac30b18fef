import { Transform } from "node:stream";

const HEAD_END = "</head>";
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
/** The id of React Router's module script while it waits (record 052). */
export const HELD_MODULE_ID = "page-module";

/**
 * Runs in the head, before anything is drawn. After the load event, once the
 * browser reports the largest paint (that of the page's lead photo,
 * `fetchpriority="high"`, when it loaded on screen), or at once on a tap, a
 * key or a scroll, it starts the page's scripts: it puts back the module
 * preloads it names in `data-modules` and the module script the server held
 * as a data block. Three seconds after the load event it starts them
 * regardless, for a page loaded in a hidden tab (which reports no paint). The
 * new script takes the held one's place, so React hydrates the same document.
 */
const START_PAGE_SCRIPTS = `(() => {
  const starter = document.currentScript;
  let started = false;
  const start = () => {
    if (started) return;
    if (document.readyState === "loading") return document.addEventListener("DOMContentLoaded", start);
    started = true;
    const held = document.getElementById("${HELD_MODULE_ID}");
    if (!held) return;
    for (const href of JSON.parse(starter.dataset.modules)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    const module = document.createElement("script");
    module.type = "module";
    module.async = true;
    module.nonce = starter.nonce;
    module.textContent = held.textContent;
    held.replaceWith(module);
  };
  for (const type of ["pointerdown", "keydown", "touchstart", "wheel", "scroll"])
    addEventListener(type, start, { once: true, passive: true, capture: true });
  addEventListener("load", () => {
    setTimeout(start, 3000);
    // The photo the page leads with, if it loaded on screen: its paint, not the text's before it.
    const lead = document.querySelector('img[fetchpriority="high"]');
    const awaited = lead?.naturalWidth && lead.getBoundingClientRect().top < innerHeight ? lead : null;
    const painted = (list) => !awaited || list.getEntries().some((entry) => entry.element === awaited);
    if (window.PerformanceObserver?.supportedEntryTypes?.includes("largest-contentful-paint"))
      new PerformanceObserver((list) => painted(list) && start()).observe({ type: "largest-contentful-paint", buffered: true });
    else requestAnimationFrame(start);
  }, { once: true });
})();`;

const attribute = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

/**
 * A page's head without React Router's module preloads: the script that
 * starts them later takes the first one's place, before the stylesheets, so
 * it never waits for them.
 */
export function holdModulePreloads(head: string, nonce: string): string {
  const modules = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  if (modules.length === 0) return head;
  const starter = `<script nonce="${nonce}" data-modules="${attribute(JSON.stringify(modules))}">${START_PAGE_SCRIPTS}</script>`;
  let first = true;
  return head.replace(MODULE_PRELOAD, () => (first ? ((first = false), starter) : ""));
}

/**
 * The page's HTML with its scripts held until its first photo is on screen
 * (record 052): on a slow phone the photo, the CSS and the font get the
 * connection to themselves, and the page works as plain HTML meanwhile, as
 * it must without JavaScript. React Router's `<Scripts>` has no option for
 * this, so the head is held until it ends (a few KB, written at once with
 * the shell) and rewritten, and in the body the module script's opening tag
 * becomes a data block's; everything else passes byte for byte.
 */
export function scriptsAfterFirstPaint(nonce: string): Transform {
  const moduleTag = Buffer.from(`<script nonce="${nonce}" type="module" async="">`);
  const heldTag = Buffer.from(`<script nonce="${nonce}" type="text/plain" id="${HELD_MODULE_ID}">`);
  let held: Buffer = Buffer.alloc(0);
  let stage: "head" | "module" | "rest" = "head";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (stage === "rest") return callback(null, chunk);
      held = Buffer.concat([held, chunk]);
      const out: Buffer[] = [];
      if (stage === "head") {
        const end = held.indexOf(HEAD_END);
        if (end < 0) return callback();
        // Cut after the ASCII `</head>`, so no character is split.
        const cut = end + HEAD_END.length;
        out.push(Buffer.from(holdModulePreloads(held.subarray(0, cut).toString("utf8"), nonce)));
        held = held.subarray(cut);
        stage = "module";
      }
      const at = held.indexOf(moduleTag);
      if (at >= 0) {
        out.push(held.subarray(0, at), heldTag, held.subarray(at + moduleTag.length));
        held = Buffer.alloc(0);
        stage = "rest";
      } else {
        // What could be the start of the tag waits for the next chunk.
        const keep = Math.min(held.length, moduleTag.length - 1);
        out.push(held.subarray(0, held.length - keep));
        held = held.subarray(held.length - keep);
      }
      callback(null, Buffer.concat(out));
    },
    // A document without a head or a module script (none is rendered today) passes unchanged.
    flush(callback) {
      callback(null, held.length > 0 ? held : undefined);
    },
  });
}

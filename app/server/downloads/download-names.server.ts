/**
 * The names downloads are saved under: the uploaded file's name, made safe
 * for every file system, with the extension of what is sent; unique within
 * a ZIP; and the header that names them (RFC 6266, `filename*` for UTF-8).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g;
const MAX_STEM = 120;

/** The name without its folder, unsafe characters or extension; `fallback` when nothing is left. */
function stem(uploaded: string, fallback: string): string {
  const base = uploaded.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(UNSAFE, "_")
    .replace(/\.[^.]*$/, "")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  return [...cleaned].slice(0, MAX_STEM).join("") || fallback;
}

/** `IMG_0001.HEIC` downloaded as a JPEG is `IMG_0001.jpg`; a JPEG keeps its own extension. */
export function downloadName(uploaded: string, extension: string, fallback: string): string {
  const kept = /\.(jpe?g)$/i.exec(uploaded)?.[0];
  return `${stem(uploaded, fallback)}${extension === ".jpg" && kept ? kept : extension}`;
}

/** Names made unique case-insensitively (zip readers on Windows and macOS fold case): `a.jpg`, `a (2).jpg` … */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let unique = name;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${base} (${n})${ext}`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/** `attachment` with an ASCII name for old clients and the exact one as UTF-8 (RFC 6266, RFC 8187). */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The names downloads are saved under: the uploaded file's name, made safe
 * for every file system, with the extension of what is sent; unique within
 * a ZIP; and the header that names them (RFC 6266, `filename*` for UTF-8).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what a file name must not hold
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g;
/** What ext4, APFS and NTFS allow in one name, counted in UTF-8 bytes: a longer one cannot be saved or unzipped. */
const MAX_NAME_BYTES = 255;
/** Names Windows keeps for devices, with any extension: `CON.jpg` cannot be saved there. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])\s*(\.|$)/i;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** `text` cut to at most `maxBytes` of UTF-8, between characters as a reader sees them (never inside an emoji). */
function cutToBytes(text: string, maxBytes: number): string {
  let kept = "";
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    bytes += Buffer.byteLength(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/** `base` cut so that `base + ending` fits in one file name. */
function fitted(base: string, ending: string): string {
  return cutToBytes(base, MAX_NAME_BYTES - Buffer.byteLength(ending)) + ending;
}

/** The name without its folder, unsafe characters or extension; `fallback` when nothing is left. */
function stem(uploaded: string, fallback: string): string {
  const base = uploaded.split(/[/\\]/).pop() ?? "";
  const cleaned = base
    .normalize("NFC")
    .replace(UNSAFE, "_")
    .replace(/\.[^.]*$/, "")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  if (!cleaned) return fallback;
  return WINDOWS_DEVICE.test(cleaned) ? `_${cleaned}` : cleaned;
}

/** `IMG_0001.HEIC` downloaded as a JPEG is `IMG_0001.jpg`; a JPEG keeps its own extension; at most 255 bytes. */
export function downloadName(uploaded: string, extension: string, fallback: string): string {
  const kept = /\.(jpe?g)$/i.exec(uploaded)?.[0];
  return fitted(stem(uploaded, fallback), extension === ".jpg" && kept ? kept : extension);
}

/**
 * Names made unique case-insensitively (zip readers on Windows and macOS fold
 * case): `a.jpg`, `a (2).jpg` …, still at most 255 bytes with the number.
 */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf(".");
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let unique = name;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = fitted(base, ` (${n})${ext}`);
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

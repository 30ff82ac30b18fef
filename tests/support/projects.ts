/** Project cards through the API and the home page, and media files made in the test (no ffmpeg: the server checks bytes only). */

/** An MP4 as far as its first bytes go: an `ftyp` box, then an `mdat` box of `size` bytes in all. */
export function fakeMp4(size = 4096): Buffer {
  const ftyp = Buffer.alloc(24);
  ftyp.writeUInt32BE(24, 0);
  ftyp.write("ftypisom", 4, "latin1");
  ftyp.writeUInt32BE(0x200, 12);
  ftyp.write("isomavc1", 16, "latin1");
  const mdat = Buffer.alloc(Math.max(size - 24, 8));
  mdat.writeUInt32BE(mdat.length, 0);
  mdat.write("mdat", 4, "latin1");
  for (let i = 8; i < mdat.length; i++) mdat[i] = (i * 7) % 251;
  return Buffer.concat([ftyp, mdat]);
}

/** A WebM's EBML header (1A 45 DF A3) followed by filler. */
export function fakeWebm(size = 2048): Buffer {
  const bytes = Buffer.alloc(size, 0x42);
  bytes.writeUInt32BE(0x1a45dfa3, 0);
  return bytes;
}

export interface ApiProject {
  id: number;
  name: string;
  demoUrl: string;
  codeUrl: string | null;
  hidden: boolean;
  tags: string[];
  media:
    | { kind: "image"; src: string; srcset: string }
    | { kind: "video"; src: string; type: string; poster: string }
    | null;
}

export async function createProject(url: string, token: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/api/project`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export async function editProject(url: string, token: string, id: number, body: Record<string, unknown>) {
  return fetch(`${url}/api/project/${id}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

export async function getProject(url: string, token: string, id: number): Promise<ApiProject> {
  const response = await fetch(`${url}/api/project/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET project ${id}: ${response.status}`);
  return (await response.json()) as ApiProject;
}

export async function uploadMedia(
  url: string,
  token: string,
  id: number,
  files: { image?: Buffer; video?: { data: Buffer; filename: string; type: string } },
): Promise<Response> {
  const form = new FormData();
  if (files.image) form.append("image", new Blob([new Uint8Array(files.image)], { type: "image/jpeg" }), "still.jpg");
  if (files.video)
    form.append(
      "video",
      new Blob([new Uint8Array(files.video.data)], { type: files.video.type }),
      files.video.filename,
    );
  return fetch(`${url}/api/project/${id}/media`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

const decode = (text: string) =>
  text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** What a visitor's home page (Projects tab) shows: the cards' titles in order, the strip's icons, the media URLs. */
export async function homeProjects(url: string): Promise<{ cards: string[]; technologies: string[]; media: string[] }> {
  const html = await (await fetch(`${url}/?tab=projects`)).text();
  const cards = [...html.matchAll(/<h3 class="card__title"><a[^>]*>([^<]*)/g)].map((m) => decode(m[1]!));
  const track = /<ul class="tech-strip__track"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
  const technologies = [...track.matchAll(/<li class="[^"]*"(?![^>]*aria-hidden)[^>]*><img [^>]*alt="([^"]+)"/g)].map(
    (m) => decode(m[1]!),
  );
  const media = [...html.matchAll(/(?:src|poster)="(\/media\/[^"]+)"/g)].map((m) => m[1]!);
  return { cards, technologies, media };
}

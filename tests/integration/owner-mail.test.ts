// The owner told by email (record 081), against the built server: a selection sent by a client reaches a real SMTP
// server on the loopback (smtp-server) as plain text and HTML with the album's admin link (a comment too, once the
// owner asks for everything); and an SMTP port where nothing listens changes nothing for the client: the request
// succeeds, the message stays queued with its attempt counted, and the activity list says so.
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieFrom } from "../support/logins";
import { freePort } from "../support/ports";
import { shareKit } from "../support/share-links";
import { loginAdmin, pageText, startServer, type TestServer } from "../support/server";
import { waitUntil } from "../support/storage-check";

interface Received {
  from: string;
  to: string[];
  login: string;
  raw: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let live: TestServer;
let dead: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, done) => done(null, { user: `${auth.username}:${auth.password}` }),
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : "",
          to: rcptTo.map((each) => each.address),
          login: String(session.user),
          raw,
        });
        done();
      });
    },
  });
  smtp.listen(0, "127.0.0.1");
  await once(smtp.server, "listening");
  const port = (smtp.server.address() as AddressInfo).port;
  const mail = { SMTP_FROM: "portfolio@example.com", SMTP_TO: "owner@example.com" };
  [live, dead] = await Promise.all([
    startServer({ env: { ...mail, SMTP_URL: `smtp://owner:s3cret@127.0.0.1:${port}` } }),
    startServer({ env: { ...mail, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } }),
  ]);
});

afterAll(async () => {
  await Promise.all([live?.stop(), dead?.stop()]);
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

/** A client named Ada on a new link to a new album of one photo: the album, the photo, and her forms. */
async function namedClient(server: TestServer, slug: string) {
  const session = await loginAdmin(server.url);
  const kit = shareKit(server, session);
  const album = await kit.createAlbum("Wedding <proofs>", slug);
  const photo = await kit.addPhoto("Kiss", album.id);
  const link = await kit.createLink(album.id, { label: "Ada & Ben", chooseCount: 1, download: "web" });
  const grant = await kit.openLink(link);
  const form = (cookie: string, path: string, fields: Record<string, string>) =>
    fetch(`${server.url}/photography/albums/${album.slug}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const named = await form(grant, "favourites", { imageId: String(photo.id), favourite: "1", name: "Ada" });
  expect(named.status).toBe(303);
  const cookie = cookieFrom(named, "__share_grants")!;
  return {
    session,
    kit,
    photo,
    cookie,
    post: (path: string, fields: Record<string, string>) => form(cookie, path, fields),
  };
}

/** Ada sends her selection with `note`: the answer, and the album's slug. */
async function clientSends(server: TestServer, note: string) {
  const slug = "wedding-proofs";
  const { post, ...rest } = await namedClient(server, slug);
  return { sent: await post("selection", { intent: "send", note }), slug, ...rest };
}

/** A MIME part's text, quoted-printable decoded. */
function partOf(raw: string, type: string): string {
  const start = raw.indexOf(`Content-Type: ${type}`);
  const body = raw.slice(raw.indexOf("\r\n\r\n", start) + 4, raw.indexOf("\r\n----", start));
  return Buffer.from(
    body.replace(/=\r\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");
}

const activityPage = (server: TestServer, cookie: string) =>
  fetch(`${server.url}/photography/admin/activity`, { headers: { Cookie: cookie } }).then((page) => page.text());

describe("with the SMTP server up", () => {
  it("mails the owner the sent selection, in text and escaped HTML, with the album's admin page", async () => {
    const { sent, slug, session } = await clientSends(live, 'Please <b>crop</b> the first & "warm" it up');
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/photography/albums/${slug}`);
    await waitUntil(() => received.length > 0, "the message reached the SMTP server");
    const [message] = received;
    expect(message).toMatchObject({ from: "portfolio@example.com", to: ["owner@example.com"], login: "owner:s3cret" });
    expect(message!.raw).toMatch(/^Subject: Ada sent their selection: Wedding <proofs>\r$/m);
    const adminUrl = `${live.url}/photography/admin/albums/${slug}`;
    const text = partOf(message!.raw, "text/plain");
    expect(text).toContain("Ada sent 1 photo from Wedding <proofs> (the link for Ada & Ben) on ");
    expect(text).toContain('Please <b>crop</b> the first & "warm" it up');
    expect(text).toContain(`See it on the album's page: ${adminUrl}`);
    const html = partOf(message!.raw, "text/html");
    expect(html).toContain("Please &lt;b&gt;crop&lt;/b&gt; the first &amp; &quot;warm&quot; it up");
    expect(html).toContain(`<a href="${adminUrl}">`);
    const activity = await activityPage(live, session.cookie);
    expect(activity).toContain("sent a selection");
    expect(activity).toContain("Email sent");
  });

  it("mails a new comment too once the owner asks for everything, and keeps the page from anyone else", async () => {
    const anonymous = await fetch(`${live.url}/photography/admin/activity`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
    const { post, photo, session } = await namedClient(live, "comment-proofs");
    const asked = await fetch(`${live.url}/photography/admin/activity`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: session.cookie },
      body: new URLSearchParams({ intent: "email-all", emailAll: "on" }),
      redirect: "manual",
    });
    expect(asked.status).toBe(303);
    const before = received.length;
    const commented = await post("selection", { intent: "comment", imageId: String(photo.id), comment: "Warmer?" });
    expect(commented.status).toBe(303);
    await waitUntil(
      () => received.some((each) => /^Subject: Ada left a comment/m.test(each.raw)),
      "the comment's message",
    );
    expect(received.length).toBeGreaterThan(before);
    expect(partOf(received.at(-1)!.raw, "text/plain")).toContain("Warmer?");
  });
});

describe("with nothing listening on the SMTP port", () => {
  it("answers the client as ever, and keeps the message queued with its failed attempt counted", async () => {
    const { sent, slug, session, kit, cookie } = await clientSends(dead, "Dead mail server");
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`/photography/albums/${slug}`);
    const queued = () => {
      const sqlite = kit.database();
      try {
        return sqlite.prepare("SELECT status, attempts, last_error, next_attempt_at FROM mail_queue").all() as {
          status: string;
          attempts: number;
          last_error: string | null;
          next_attempt_at: number;
        }[];
      } finally {
        sqlite.close();
      }
    };
    await waitUntil(() => queued()[0]?.attempts === 1, "the first attempt was counted");
    const [row] = queued();
    expect(row).toMatchObject({ status: "queued", attempts: 1, last_error: expect.stringMatching(/ECONNREFUSED/) });
    // A download of all is on the list too, with no message (the owner did not ask for everything here).
    const zip = await fetch(`${dead.url}/photography/albums/${slug}/download`, { headers: { Cookie: cookie } });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    const activity = await activityPage(dead, session.cookie);
    expect(activity).toContain("Email waiting (1 attempt)");
    expect(pageText(activity)).toContain("Ada downloaded all");
  });
});

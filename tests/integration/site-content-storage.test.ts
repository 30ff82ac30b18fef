// The CV, the portrait and the logo live in the photo store like photos: a
// backup and a restore keep them, and with STORAGE=s3 they are objects in the
// bucket, served from it and removed from it when replaced.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeJpeg, makeLogoPng } from "../support/images";
import { queryDb } from "../support/inspect";
import { startTestBucket, type TestBucket } from "../support/s3";
import { runScript } from "../support/scripts";
import { copyTemplateSite, loginAdmin, startServer, type TestServer } from "../support/server";
import { NEW_OWNER, pageHtml, pdfWith, postLogoForm, putSite, uploadCv, uploadPortraitForm } from "../support/site";
import { expectSoundStorage } from "../support/storage-check";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "portfolio-site-storage-"));
const servers: TestServer[] = [];
let bucket: TestBucket | undefined;

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await bucket?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

/** The new owner's profile, CV, portrait and logo, saved once each. */
async function fillIn(server: TestServer, cv: Buffer): Promise<void> {
  const { token, cookie } = await loginAdmin(server.url);
  expect((await putSite(server.url, token, NEW_OWNER)).status).toBe(200);
  expect((await uploadCv(server.url, token, cv)).status).toBe(201);
  // Small: where the portrait is kept is checked, not its pixels.
  await uploadPortraitForm(server.url, cookie, await makeJpeg(400, 400, 3));
  expect(await postLogoForm(server.url, cookie, await makeLogoPng(300, 80))).toBe("Logo saved.");
}

/** The logo's largest variant, as GET /api/site gives it. */
async function logoSrc(server: TestServer): Promise<string> {
  return ((await (await fetch(`${server.url}/api/site`)).json()) as { logo: { url: string } }).logo.url;
}

function portraitSrc(home: string): string {
  return /<picture class="profile__portrait">[\s\S]*?<img src="([^"]+)"/.exec(home)![1]!;
}

async function expectCv(server: TestServer, bytes: Buffer): Promise<void> {
  const response = await fetch(`${server.url}/cv.pdf`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
}

describe("backup and restore", () => {
  it("keeps the profile, the CV, the portrait and the logo", async () => {
    const dirs = (name: string) => ({
      dataDir: path.join(base, name, "data"),
      uploadsDir: path.join(base, name, "uploads"),
    });
    copyTemplateSite(dirs("live"));
    const live = await start({ dirs: dirs("live") });
    const cv = pdfWith("backed up");
    await fillIn(live, cv);

    const folder = path.join(base, "backup");
    const backup = await runScript("backup", [folder], { DATA_DIR: live.dataDir, UPLOADS_DIR: live.uploadsDir });
    expect(backup.code, backup.output).toBe(0);
    const fresh = dirs("restored");
    const restore = await runScript("restore", [folder], { DATA_DIR: fresh.dataDir, UPLOADS_DIR: fresh.uploadsDir });
    expect(restore.code, restore.output).toBe(0);

    const restored = await start({ dirs: fresh });
    const home = await pageHtml(restored.url);
    expect(home).toContain('<h1 class="profile__name">Maria Nilsson</h1>');
    await expectCv(restored, cv);
    expect((await fetch(`${restored.url}${portraitSrc(home)}`)).status).toBe(200);
    expect((await fetch(`${restored.url}${await logoSrc(restored)}`)).status).toBe(200);
    expectSoundStorage(restored);
  });
});

describe("STORAGE=s3", () => {
  it("takes the CV, the portrait and the logo along in storage:migrate", async () => {
    bucket ??= await startTestBucket();
    const dirs = { dataDir: path.join(base, "migrate/data"), uploadsDir: path.join(base, "migrate/uploads") };
    copyTemplateSite(dirs);
    const local = await start({ dirs });
    const cv = pdfWith("migrated");
    await fillIn(local, cv);
    await local.stop();
    const migrated = await runScript("storage-migrate", ["--to", "s3"], {
      DATA_DIR: dirs.dataDir,
      UPLOADS_DIR: dirs.uploadsDir,
      ...bucket.env,
    });
    expect(migrated.code, migrated.output).toBe(0);
    const onBucket = await start({ dirs, env: bucket.env });
    await expectCv(onBucket, cv);
    const home = await pageHtml(onBucket.url);
    expect((await fetch(`${onBucket.url}${portraitSrc(home)}`)).status).toBe(200);
    expect((await fetch(`${onBucket.url}${await logoSrc(onBucket)}`)).status).toBe(200);
    await onBucket.stop();
  });

  it("keeps the CV, the portrait and the logo in the bucket, and a replaced CV's object goes", async () => {
    bucket ??= await startTestBucket();
    const server = await start({ env: bucket.env });
    const first = pdfWith("first");
    await fillIn(server, first);
    await expectCv(server, first);
    const home = await pageHtml(server.url);
    const portrait = await fetch(`${server.url}${portraitSrc(home)}`);
    expect(portrait.status).toBe(200);
    expect(portrait.headers.get("content-type")).toBe("image/webp");
    // The logo's cleaned PNG is its key's private original; only its variants are under media/.
    const logoKey = /\/media\/([a-f0-9]{32})\//.exec(await logoSrc(server))![1]!;
    expect((await bucket.objects()).filter((name) => name.includes(logoKey)).sort()).toEqual([
      `media/${logoKey}/w160.webp`,
      `media/${logoKey}/w300.webp`,
      `media/${logoKey}/w80.webp`,
      `originals/${logoKey}`,
    ]);

    const cvKey = () =>
      queryDb<{ key: string }>(
        server.dataDir,
        "SELECT json_extract(value, '$.stored.key') AS key FROM site_settings WHERE key = 'site.cv'",
      )[0]!.key;
    const firstKey = cvKey();
    expect(await bucket.objects()).toContain(`originals/${firstKey}`);

    const second = pdfWith("second");
    const { token } = await loginAdmin(server.url);
    expect((await uploadCv(server.url, token, second)).status).toBe(201);
    await expectCv(server, second);
    const objects = await bucket.objects();
    expect(objects).toContain(`originals/${cvKey()}`);
    expect(objects.filter((name) => name.includes(firstKey))).toEqual([]);
  });
});

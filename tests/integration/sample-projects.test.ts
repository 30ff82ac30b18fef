// A fresh site's sample project cards: their stills' variants are shipped made
// (app/content/sample-projects/variants/, scripts/sample-variants.ts) and the
// first start stores them as they are, so it does no image work; a visitor
// gets the same card images as the pipeline would make.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleProjects } from "~/content/sample-projects";
import type { ProjectCardData } from "~/lib/projects";
import { ROOT, startServer, type TestServer } from "../support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ fresh: true });
});
afterAll(() => server?.stop());

const shipped = (image: string, file: string) =>
  fs.readFileSync(path.join(ROOT, "app/content/sample-projects/variants", path.parse(image).name, file));

async function bytes(url: string): Promise<Buffer> {
  const response = await fetch(`${server.url}${url}`);
  expect(response.status, url).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("the sample project cards of a first start", () => {
  it("serve the shipped variants byte for byte, at the widths and 16:9 size the pipeline gives", async () => {
    const { projects } = (await (await fetch(`${server.url}/api/project`)).json()) as { projects: ProjectCardData[] };
    expect(projects.map((project) => project.name)).toEqual(sampleProjects.map((sample) => sample.name));
    for (const [index, project] of projects.entries()) {
      const { image, video } = sampleProjects[index]!;
      const media = project.media!;
      const stills = media.kind === "image" ? media.srcset.split(", ").map((entry) => entry.split(" ")[0]!) : [];
      for (const url of [...stills, media.kind === "video" ? media.poster : media.src]) {
        expect((await bytes(url)).equals(shipped(image, path.basename(url))), url).toBe(true);
      }
      expect(media.height).toBe(Math.floor(media.width / (16 / 9)));
      if (media.kind === "video") {
        expect(
          (await bytes(media.src)).equals(fs.readFileSync(path.join(ROOT, "app/content/sample-projects", video!))),
        ).toBe(true);
      }
    }
    expect(projects.filter((project) => project.media?.kind === "image")[0]!.media).toMatchObject({
      width: 960,
      height: 540,
    });
  });
});

// A project video stored before uploads lost their location is stored again without it at the next start, once.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { storeMadeProjectMedia } from "~/server/projects/project-media.server";
import { createProject, findProjectRow } from "~/server/projects/projects.server";
import { removeStoredVideoLocations } from "~/server/projects/stored-video-location.server";
import { defineSetting } from "~/server/data/settings.server";
import { photoStore } from "~/server/storage/storage.server";
import { buffer } from "node:stream/consumers";
import { z } from "zod";
import { openTemplateSite } from "../support/in-process";
import { mp4WithLocation, positionsIn } from "../support/location-corpus";

let site: ReturnType<typeof openTemplateSite>;
beforeAll(() => (site = openTemplateSite()));
afterAll(() => site?.close());

it("stores the video again without its location under a new key, keeps the still, and does it once", async () => {
  // As an upload stored it before: the phone's video byte for byte.
  const still = path.join(site.dataDir, "still");
  fs.mkdirSync(still);
  fs.writeFileSync(path.join(still, "w480.webp"), "still bytes");
  const videoFile = path.join(site.dataDir, "phone.mp4");
  fs.writeFileSync(videoFile, mp4WithLocation());
  const project = createProject({ name: "Filmed at home", demoUrl: "/life" });
  const old = await storeMadeProjectMedia(
    project.id,
    still,
    { width: 480, height: 270, widths: [480] },
    {
      file: videoFile,
      container: "mp4",
    },
  );
  // A site from before: the template's first start recorded that its own videos were done.
  defineSetting("maintenance.projectVideosWithoutLocation", z.boolean(), false).write(false);

  const said: string[] = [];
  await removeStoredVideoLocations((line) => said.push(line));
  const media = findProjectRow(project.id).media!;
  expect(media.key).not.toBe(old.key);
  expect(media).toMatchObject({ kind: "video", video: "mp4", width: 480, widths: [480] });
  const read = async (key: string, file: string) => buffer((await photoStore().get(key, file))!.stream());
  expect(positionsIn(await read(media.key, "video.mp4"))).toEqual([]);
  expect((await read(media.key, "w480.webp")).toString()).toBe("still bytes");
  expect(await photoStore().files(old.key)).toEqual([]);
  expect(said).toEqual(['Took out where the video of the project "Filmed at home" was filmed.']);

  // Done once: the next start reads no video.
  await removeStoredVideoLocations((line) => said.push(line));
  expect(findProjectRow(project.id).media!.key).toBe(media.key);
  expect(said).toHaveLength(1);
});

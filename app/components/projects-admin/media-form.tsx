import { Button } from "~/components/ui/button";
import { adminProjectMediaPath } from "~/lib/paths";
import { MAX_PROJECT_VIDEO_MB } from "~/lib/projects";
import { AnswerBanner } from "./answer-banner";
import type { AdminProject, ProjectsLoaderData } from "./types";

/**
 * The card's media: an image, or a video with its poster. A plain multipart
 * form to its own route (uploads never go through page actions), which
 * answers with a redirect back here and a notice.
 */
export function MediaForm({ project, notice }: { project: AdminProject; notice: ProjectsLoaderData["mediaNotice"] }) {
  const prefix = `media-${project.id}`;
  const current = project.media
    ? project.media.kind === "video"
      ? "Now: a video with its poster."
      : "Now: an image."
    : "Now: none; the card shows its text only.";
  return (
    <form
      method="post"
      action={adminProjectMediaPath(project.id)}
      encType="multipart/form-data"
      className="project-form project-media-form"
      id="media"
      aria-label={`Media of ${project.name}`}
    >
      <h3>Media</h3>
      <p className="muted">
        {current} Images are cut to the card&apos;s 16:9 frame. A video (MP4 or WebM, at most {MAX_PROJECT_VIDEO_MB} MB)
        plays muted in a loop, with a poster image
        {project.media ? ": without a new one it keeps the current image" : ""}.
      </p>
      {notice && notice.id === project.id && <AnswerBanner ok={notice.ok} message={notice.message} />}
      <div className="field">
        <label htmlFor={`${prefix}-image`}>Image or poster</label>
        <input
          id={`${prefix}-image`}
          type="file"
          name="image"
          accept="image/*"
          required={!project.media}
          aria-invalid={notice && !notice.ok && notice.message.startsWith("image") ? true : undefined}
        />
      </div>
      <div className="field">
        <label htmlFor={`${prefix}-video`}>Video (optional)</label>
        <input
          id={`${prefix}-video`}
          type="file"
          name="video"
          accept="video/mp4,video/webm"
          aria-invalid={notice && !notice.ok && notice.message.startsWith("video") ? true : undefined}
        />
      </div>
      <div>
        <Button type="submit">Upload media</Button>
      </div>
    </form>
  );
}

import { Form, Link } from "react-router";
import { Button, LinkButton } from "~/components/ui/button";
import { ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { MediaForm } from "./media-form";
import { ProjectForm } from "./project-form";
import type { AdminProject, ProjectsAnswer, ProjectsLoaderData } from "./types";

const withParam = (name: string, id: number) =>
  `${ADMIN_SITE_PROJECTS_PATH}?${new URLSearchParams({ [name]: String(id) })}`;

/** One small form per task: each works without JavaScript and changes one thing. */
function ActionForm({ intent, id, label, text }: { intent: string; id: number; label: string; text: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" aria-label={label}>
        {text}
      </Button>
    </Form>
  );
}

function Thumbnail({ project }: { project: AdminProject }) {
  const media = project.media;
  if (!media) return <div className="project-row__thumb project-row__thumb--empty" aria-hidden="true" />;
  const src = media.kind === "video" ? media.poster : media.src;
  return <img className="project-row__thumb" src={src} alt="" width={160} height={90} loading="lazy" />;
}

function DeleteConfirm({ project }: { project: AdminProject }) {
  return (
    <div className="project-row__confirm" role="group" aria-label={`Delete ${project.name}?`}>
      <p>Delete “{project.name}”? Its card and media go for good; to keep them off the home page, hide it instead.</p>
      <Form method="post" className="project-row__actions">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={project.id} />
        <Button type="submit" variant="danger">
          Delete project
        </Button>
        <LinkButton to={ADMIN_SITE_PROJECTS_PATH} variant="secondary">
          Cancel
        </LinkButton>
      </Form>
    </div>
  );
}

interface ProjectRowProps {
  project: AdminProject;
  /** Its place in the list shown (0 first) and the list's length: the first has no Up, the last no Down. */
  index: number;
  count: number;
  data: ProjectsLoaderData;
  answer: ProjectsAnswer;
}

/** One card's row: its summary, one small form per task, and its open edit or delete. */
export function ProjectRowBody({ project, index, count, data, answer }: ProjectRowProps) {
  const { editing, deleting, mediaNotice } = data;
  const refusal = answer && !answer.ok && answer.intent === "update" && answer.id === project.id ? answer : null;
  const open = editing === project.id || refusal !== null;
  return (
    <>
      <div className="project-row__summary">
        <Thumbnail project={project} />
        <div className="project-row__text">
          <p className="project-row__name">
            {project.name}
            {project.hidden && <span className="tag project-row__hidden">Hidden</span>}
          </p>
          <p className="muted project-row__link">{project.demoUrl}</p>
        </div>
      </div>
      <div className="project-row__actions">
        <Link className="button button--secondary" to={open ? ADMIN_SITE_PROJECTS_PATH : withParam("edit", project.id)}>
          {open ? "Close" : "Edit"}
          <span className="visually-hidden"> {project.name}</span>
        </Link>
        {index > 0 && <ActionForm intent="move-up" id={project.id} label={`Move ${project.name} up`} text="Up" />}
        {index < count - 1 && (
          <ActionForm intent="move-down" id={project.id} label={`Move ${project.name} down`} text="Down" />
        )}
        <ActionForm
          intent={project.hidden ? "show" : "hide"}
          id={project.id}
          label={`${project.hidden ? "Show" : "Hide"} ${project.name}`}
          text={project.hidden ? "Show" : "Hide"}
        />
        <Link className="button button--danger" to={withParam("delete", project.id)}>
          Delete<span className="visually-hidden"> {project.name}</span>
        </Link>
      </div>
      {deleting === project.id && <DeleteConfirm project={project} />}
      {open && (
        <div className="project-row__edit">
          <ProjectForm
            project={project}
            refusal={refusal}
            formKey={answer?.ok ? String(answer.at) : `edit-${project.id}`}
          />
          <MediaForm project={project} notice={mediaNotice} />
        </div>
      )}
    </>
  );
}

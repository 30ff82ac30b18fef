import { lazy, Suspense } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { ProjectRowBody } from "./project-row";
import type { ProjectsAnswer, ProjectsLoaderData } from "./types";

// The owner's drag and drop, with dnd-kit: its own chunk, fetched only on this page once JavaScript runs.
const SortableProjectList = lazy(() => import("./sortable-project-list"));

interface ProjectListProps {
  data: ProjectsLoaderData;
  answer: ProjectsAnswer;
}

/** The cards in the owner's order: Up/Down forms without JavaScript, drag and drop besides them with it. */
export function ProjectList({ data, answer }: ProjectListProps) {
  const hydrated = useHydrated();
  const { projects } = data;
  if (projects.length === 0) return <p className="muted">No projects yet: add the first one below.</p>;
  const plain = (
    <ol className="project-rows">
      {projects.map((project, index) => (
        <li key={project.id} className="project-row" aria-label={project.name}>
          <ProjectRowBody project={project} index={index} count={projects.length} data={data} answer={answer} />
        </li>
      ))}
    </ol>
  );
  if (!hydrated || projects.length < 2) return plain;
  return (
    <Suspense fallback={plain}>
      {/* A new server order (a form's answer) starts the list afresh from it. */}
      <SortableProjectList
        key={projects.map((project) => `${project.id}:${project.position}`).join(",")}
        data={data}
        answer={answer}
      />
    </Suspense>
  );
}

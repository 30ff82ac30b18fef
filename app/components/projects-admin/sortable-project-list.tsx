/**
 * The owner's drag and drop on the project cards: mouse, touch and keyboard
 * (dnd-kit), each drop saved at once through `PUT /api/project/{id}` with its
 * new place, the same placing as the Up/Down forms. Loaded on demand
 * (React.lazy in project-list.tsx), so only this owner page downloads it.
 */
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useCallback, useMemo, useState } from "react";
import { href } from "react-router";
import { dragAnnouncements, dragInstructions } from "~/components/drag/drag-announcements";
import { MoveStatusLine } from "~/components/drag/move-status-line";
import { DragHandle } from "~/components/drag/drag-handle";
import { useDragSensors } from "~/components/drag/use-drag-sensors";
import { answerOf, useSavedMoves, type SaveMove } from "~/components/drag/use-saved-moves";
import { ProjectRowBody } from "./project-row";
import type { AdminProject, ProjectsAnswer, ProjectsLoaderData } from "./types";

const PROJECT_INSTRUCTIONS = dragInstructions("project");

const saveProjectMove: SaveMove<AdminProject> = async (project, to) => {
  const response = await fetch(href("/api/project/:id", { id: String(project.id) }), {
    method: "PUT",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ position: to + 1 }),
  });
  await answerOf(response);
  return to + 1;
};

interface RowProps {
  project: AdminProject;
  index: number;
  count: number;
  data: ProjectsLoaderData;
  answer: ProjectsAnswer;
}

function SortableProjectRow({ project, ...rest }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: project.id,
    attributes: { roleDescription: "movable project" },
  });
  return (
    <li
      ref={setNodeRef}
      className={
        isDragging ? "project-row project-row--sortable project-row--dragging" : "project-row project-row--sortable"
      }
      aria-label={project.name}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {/* Only the handle picks the card up: the row's forms and fields keep their own clicks and text selection. */}
      <DragHandle ref={setActivatorNodeRef} {...attributes} {...listeners} label={`Move ${project.name}`} />
      <div className="project-row__body">
        <ProjectRowBody project={project} {...rest} />
      </div>
    </li>
  );
}

export default function SortableProjectList({ data, answer }: { data: ProjectsLoaderData; answer: ProjectsAnswer }) {
  const [order, setOrder] = useState(() => data.projects.map((project) => project.id));
  // Rows drawn from the loader's projects (their latest fields) in the order as dropped here.
  const projects = useMemo(() => {
    const byId = new Map(data.projects.map((project) => [project.id, project]));
    return order.flatMap((id) => byId.get(id) ?? []);
  }, [data.projects, order]);
  const reorder = useCallback((id: number, toIndex: number) => {
    setOrder((ids) => {
      const next = ids.filter((other) => other !== id);
      next.splice(toIndex, 0, id);
      return next;
    });
  }, []);
  const { status, move } = useSavedMoves(saveProjectMove, projects, reorder);
  const sensors = useDragSensors();
  const accessibility = useMemo(
    () => ({ announcements: dragAnnouncements("project", projects), screenReaderInstructions: PROJECT_INSTRUCTIONS }),
    [projects],
  );

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    move(Number(active.id), order.indexOf(Number(over.id)));
  }

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped} accessibility={accessibility}>
      <SortableContext items={order} strategy={verticalListSortingStrategy} disabled={status.state === "saving"}>
        <ol className="project-rows">
          {projects.map((project, index) => (
            <SortableProjectRow
              key={project.id}
              project={project}
              index={index}
              count={projects.length}
              data={data}
              answer={answer}
            />
          ))}
        </ol>
      </SortableContext>
      <MoveStatusLine status={status} />
    </DndContext>
  );
}

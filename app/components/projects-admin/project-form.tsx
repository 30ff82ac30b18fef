import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, invalidProps } from "~/components/ui/field-error";
import { MAX_LINK_LENGTH, MAX_PROJECT_DESCRIPTION, MAX_PROJECT_TAGS } from "~/lib/projects";
import { MAX_NAME_LENGTH } from "~/lib/limits";
import type { AdminProject, ProjectsRefusal } from "./types";

interface ProjectFormProps {
  /** The project edited; none for a new one. */
  project?: AdminProject;
  /** This form's refusal: its values are what the owner typed. */
  refusal: ProjectsRefusal | null;
  /** Changes after each save, so the fields start again from the saved values. */
  formKey: string;
}

type FieldName = "name" | "description" | "tags" | "demoUrl" | "codeUrl" | "mediaAlt";

const FIELDS: {
  name: FieldName;
  label: string;
  hint?: string;
  multiline?: boolean;
  max: number;
  required?: boolean;
}[] = [
  { name: "name", label: "Name", max: MAX_NAME_LENGTH, required: true },
  { name: "description", label: "Description", multiline: true, max: MAX_PROJECT_DESCRIPTION },
  { name: "tags", label: "Tags", hint: `Separated by commas, at most ${MAX_PROJECT_TAGS}.`, max: 500 },
  {
    name: "demoUrl",
    label: "Demo link",
    hint: "An https:// address, or a page of this site such as /life.",
    max: MAX_LINK_LENGTH,
    required: true,
  },
  { name: "codeUrl", label: "Code link", hint: "Optional: where the source code is.", max: MAX_LINK_LENGTH },
  {
    name: "mediaAlt",
    label: "Media description",
    hint: "What the image or video shows, for people who cannot see it.",
    max: 300,
  },
];

function savedValue(project: AdminProject | undefined, name: FieldName): string {
  if (!project) return "";
  if (name === "tags") return project.tags.join(", ");
  if (name === "codeUrl") return project.codeUrl ?? "";
  return project[name];
}

/** Adds a project or edits one: plain fields, checked by the server, which names the one at fault. */
export function ProjectForm({ project, refusal, formKey }: ProjectFormProps) {
  const prefix = project ? `project-${project.id}` : "new-project";
  const value = (name: FieldName) => (refusal ? (refusal.values[name] ?? "") : savedValue(project, name));
  const hidden = refusal ? refusal.values.hidden === "on" : (project?.hidden ?? false);
  return (
    <Form
      method="post"
      className="project-form"
      key={formKey}
      aria-label={project ? `Edit ${project.name}` : "Add a project"}
    >
      <input type="hidden" name="intent" value={project ? "update" : "create"} />
      {project && <input type="hidden" name="id" value={project.id} />}
      {FIELDS.map((field) => {
        const id = `${prefix}-${field.name}`;
        const message = refusal?.field === field.name ? refusal.error : null;
        const common = {
          id,
          name: field.name,
          defaultValue: value(field.name),
          maxLength: field.max,
          required: field.required,
          ...invalidProps(message, id, field.hint ? `${id}-hint` : undefined),
        };
        return (
          <div className="field" key={field.name}>
            <label htmlFor={id}>{field.label}</label>
            {field.multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
            <FieldError id={id} message={message} />
            {field.hint && (
              <p className="field__hint" id={`${id}-hint`}>
                {field.hint}
              </p>
            )}
          </div>
        );
      })}
      <div className="field field--check">
        <input id={`${prefix}-hidden`} type="checkbox" name="hidden" defaultChecked={hidden} />
        <label htmlFor={`${prefix}-hidden`}>Hidden from the home page</label>
      </div>
      <div>
        <Button type="submit">{project ? "Save project" : "Add project"}</Button>
      </div>
    </Form>
  );
}

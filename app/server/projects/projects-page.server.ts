/**
 * The projects page's server side (/photography/admin/site/projects): the
 * cards in the owner's order with one form per task, and the technology
 * strip's choice. Media uploads go to their own action-only route.
 */
import { data, redirect } from "react-router";
import { z } from "zod";
import { ADMIN_SITE_PROJECTS_PATH } from "~/lib/paths";
import { requireAdminPage } from "~/server/auth/auth.server";
import { HttpError } from "~/server/core/http-error.server";
import { PRIVATE_NO_STORE } from "~/server/http/cache-policy.server";
import { parseInput } from "~/server/http/input.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { takeMediaNotice } from "./media-notice.server";
import { parseProjectId, parseProjectInput } from "./project-input.server";
import { adminProjects, createProject, deleteProject, moveProject, updateProject } from "./projects.server";
import { moveTechnology, saveTechnologies, technologyChoices } from "./technologies.server";

export const PROJECT_INTENTS = [
  "create",
  "update",
  "hide",
  "show",
  "move-up",
  "move-down",
  "delete",
  "technologies",
] as const;
export type ProjectIntent = (typeof PROJECT_INTENTS)[number];

/** The text fields of a project's form, in the names the API uses. */
const PROJECT_FIELDS = ["name", "description", "tags", "demoUrl", "codeUrl", "mediaAlt"] as const;

function positiveId(raw: string | null): number | null {
  return raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
}

export async function projectsLoader(request: Request) {
  await requireAdminPage(request);
  const params = new URL(request.url).searchParams;
  const taken = await takeMediaNotice(request);
  return data(
    {
      projects: adminProjects(),
      /** The project whose form is open, and the one whose delete waits for a yes. */
      editing: positiveId(params.get("edit")),
      deleting: positiveId(params.get("delete")),
      technologies: technologyChoices(),
      mediaNotice: taken?.notice ?? null,
    },
    { headers: taken ? { "Set-Cookie": taken.clear, "Cache-Control": PRIVATE_NO_STORE } : undefined },
  );
}

function intentOf(form: FormData | undefined): ProjectIntent | null {
  const intent = formText(form, "intent");
  return PROJECT_INTENTS.find((known) => known === intent) ?? null;
}

/**
 * The input a refusal names, so the form marks it: its `field`, else the
 * first word ("demoUrl must be …"); a list's item (`tags[1]`) is the list's
 * one input.
 */
function fieldOf(error: HttpError): string | null {
  const named = error.field ?? error.message.split(" ")[0] ?? "";
  const input = /^[a-zA-Z]+/.exec(named)?.[0] ?? "";
  return [...PROJECT_FIELDS, "icons"].includes(input) ? input : null;
}

/** A refusal, shown beside its form, which keeps what was typed. */
function projectsRefusal(error: HttpError, form: FormData | undefined) {
  const values = Object.fromEntries(PROJECT_FIELDS.map((name) => [name, formText(form, name) ?? ""])) as Record<
    (typeof PROJECT_FIELDS)[number] | "hidden",
    string
  >;
  return {
    ok: false as const,
    intent: intentOf(form),
    id: positiveId(formText(form, "id") ?? null),
    error: error.message,
    field: fieldOf(error),
    values: { ...values, hidden: formText(form, "hidden") === "on" ? "on" : "" },
  };
}

function done(intent: ProjectIntent, notice: string) {
  return data({ ok: true as const, intent, notice, at: Date.now() });
}

/** The form's fields as the API's input; an empty optional field clears it. */
function projectFields(form: FormData) {
  const fields: Record<string, unknown> = {};
  for (const name of PROJECT_FIELDS) fields[name] = formText(form, name) ?? "";
  fields.hidden = formText(form, "hidden") === "on";
  return fields;
}

const step = z.enum(["up", "down"], { error: "move must be up or down" });

export const projectsAction = pageAction(
  { guard: requireAdminPage, refusal: projectsRefusal },
  async (form: FormData) => {
    const intent = intentOf(form);
    if (intent === "create") {
      const input = parseProjectInput(projectFields(form), { create: true });
      const row = createProject({ ...input, name: input.name!, demoUrl: input.demoUrl! });
      // Straight to its form, where the media are uploaded.
      throw redirect(`${ADMIN_SITE_PROJECTS_PATH}?${new URLSearchParams({ edit: String(row.id) })}#media`, 303);
    }
    if (intent === "technologies") {
      const enabled = formText(form, "enabled") === "on";
      saveTechnologies(
        enabled,
        form.getAll("icons").filter((value): value is string => typeof value === "string"),
      );
      const move = formText(form, "move");
      if (move) {
        const [direction, id] = move.split(":");
        moveTechnology(id ?? "", parseInput(step, direction));
      }
      return done(intent, move ? "Order saved." : "Technologies saved.");
    }
    const id = parseProjectId(formText(form, "id"));
    switch (intent) {
      case "update":
        updateProject(id, parseProjectInput(projectFields(form), { create: false }));
        return done(intent, "Project saved.");
      case "hide":
      case "show":
        updateProject(id, { hidden: intent === "hide" });
        return done(intent, intent === "hide" ? "Project hidden." : "Project shown.");
      case "move-up":
      case "move-down":
        moveProject(id, intent === "move-up" ? "up" : "down");
        return done(intent, "Order saved.");
      case "delete":
        await deleteProject(id);
        throw redirect(ADMIN_SITE_PROJECTS_PATH, 303);
      case null:
        throw new HttpError(400, "Unknown action.");
    }
  },
);

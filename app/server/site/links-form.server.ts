/**
 * The Site page's one links form: every link's fields named as the API names
 * them (`links[2].url`), a blank row to add one, and buttons that move or
 * remove a link in the same post, so what was typed is saved with the move.
 * The whole list is checked as sent before anything is written: a refusal
 * names the field by the name of its input.
 */
import crypto from "node:crypto";
import { z } from "zod";
import { LINK_INTENTS, type LinkIntent, type SiteLink } from "~/lib/site";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput } from "~/server/http/input.server";
import { formText } from "~/server/http/page-action.server";
import { linksSetting, readLinks } from "./site-content.server";
import { linkSchema, linksSchema } from "./site-schemas.server";

const FIELD_NAME = /^links\[(\d{1,2})\]\.(id|label|url|icon)$/;

type Row = Partial<Record<"id" | "label" | "url" | "icon", string>>;

/** The form's rows, by their index. */
function rowsOf(form: FormData): Row[] {
  const rows: Row[] = [];
  for (const [name, value] of form.entries()) {
    const match = FIELD_NAME.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [match[2]!]: value };
  }
  return rows;
}

/** A link as sent, before the schema checks it. */
type Candidate = Omit<SiteLink, "icon"> & { icon: string };

/** A row as a link: a saved link's kind stays; a row without an id is a new link of the owner's own. */
function linkOf(row: Row, saved: SiteLink[]): Candidate | undefined {
  const current = saved.find((link) => link.id === row.id);
  if (row.id && !current) throw new HttpError(409, "Your links changed meanwhile: reload the page.");
  if (!current) {
    if (!row.label?.trim() && !row.url?.trim()) return undefined;
    const id = crypto.randomBytes(4).toString("hex");
    return { id, kind: "custom", label: row.label ?? "", url: row.url ?? "", icon: row.icon ?? "link" };
  }
  // The email's and the CV's icons are theirs; the others' the owner picks.
  const icon = current.kind === "email" || current.kind === "cv" ? current.icon : (row.icon ?? current.icon);
  return { ...current, label: row.label ?? current.label, url: row.url ?? current.url, icon };
}

/** "move-up:<id>", "move-down:<id>", "remove:<id>", or a plain save. */
function actionOf(form: FormData): { intent: LinkIntent; id?: string } {
  const [intent, id] = (formText(form, "link-action") ?? "save").split(":", 2);
  if (!LINK_INTENTS.includes(intent as LinkIntent)) throw new HttpError(400, "Unknown action.");
  return { intent: intent as LinkIntent, id };
}

/** Saves the form's links in their order, then moves or removes the one its button named; answers what was done. */
export function saveLinksForm(form: FormData): LinkIntent {
  const saved = readLinks();
  const { intent, id } = actionOf(form);
  const rows = rowsOf(form);
  const links = rows.map((row) => (row ? linkOf(row, saved) : undefined));
  const removed = intent === "remove" ? links.findIndex((link) => link?.id === id) : -1;
  if (removed >= 0 && links[removed]!.kind !== "custom") {
    throw new HttpError(400, "Empty its address to hide this link.");
  }
  // A link being removed is checked as saved, so a bad address in it never stops its removal.
  const checked =
    removed >= 0
      ? links.with(
          removed,
          saved.find((link) => link.id === id),
        )
      : links;
  const newRow = rows.findIndex((row, index) => row && !row.id && links[index]);
  if (newRow >= 0 && !links[newRow]!.url.trim()) {
    throw new HttpError(400, `links[${newRow}].url must not be empty`, { field: `links[${newRow}].url` });
  }
  // Checked at the indexes the form sent, so a refusal's field is the input's name.
  const list = parseInput(z.object({ links: z.array(linkSchema.optional()) }), { links: checked }).links;
  let result = list.filter((link, index): link is SiteLink => link !== undefined && index !== removed);
  if (intent === "move-up" || intent === "move-down") result = moved(result, id, intent === "move-up" ? -1 : 1);
  linksSetting.write(parseInput(z.object({ links: linksSchema }), { links: result }).links);
  return intent;
}

function moved(links: SiteLink[], id: string | undefined, step: number): SiteLink[] {
  const index = links.findIndex((link) => link.id === id);
  const other = index + step;
  if (index < 0 || other < 0 || other >= links.length) return links;
  return links.with(index, links[other]!).with(other, links[index]!);
}

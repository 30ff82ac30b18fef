/**
 * The owner's activity list (`/photography/admin/activity`, record 081):
 * what clients did on share links, newest first, a page at a time
 * (`?page=2`), each with the message that told the owner; and the setting
 * that emails every event, not only a sent selection.
 */
import { redirect } from "react-router";
import { z } from "zod";
import { requireAdminPage } from "~/server/auth/auth.server";
import { config } from "~/server/core/config.server";
import { HttpError } from "~/server/core/http-error.server";
import { parseInput, positiveWhole } from "~/server/http/input.server";
import { pageError } from "~/server/http/http.server";
import { formText, pageAction } from "~/server/http/page-action.server";
import { ADMIN_ACTIVITY_PATH } from "~/lib/paths";
import { emailAllSetting, listActivity } from "./activity.server";

const pageQuery = z.object({ page: positiveWhole("page must be a whole number from 1", 1_000_000).default(1) });

export async function activityPageLoader(request: Request) {
  await requireAdminPage(request);
  let page: number;
  try {
    page = parseInput(pageQuery, { page: new URL(request.url).searchParams.get("page") ?? undefined }).page;
  } catch (error) {
    throw pageError(error);
  }
  const { entries, pages } = listActivity(page);
  return {
    entries,
    page,
    pages,
    /** Whether SMTP_URL is set: without it no message is queued. */
    mailConfigured: config().mail !== undefined,
    emailAll: emailAllSetting.read(),
  };
}

export const activityPageAction = pageAction(
  { guard: requireAdminPage, refusal: (error: HttpError) => ({ message: error.message }) },
  (form: FormData) => {
    if (formText(form, "intent") !== "email-all") throw new HttpError(400, "intent must be email-all");
    const choice = formText(form, "emailAll");
    if (choice !== "on" && choice !== "off") throw new HttpError(400, "emailAll must be on or off");
    emailAllSetting.write(choice === "on");
    return redirect(ADMIN_ACTIVITY_PATH, 303);
  },
);

import type { z } from "zod";

/**
 * One line for a zod issue, for settings and request bodies alike. An issue on
 * a field reads "<field> <message>" (the schemas write "must be …"), named by
 * its top-level field even when an item inside it failed; an issue on the
 * whole value carries a sentence of its own.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const [field] = issue.path;
  return field === undefined ? issue.message : `${String(field)} ${issue.message}`;
}

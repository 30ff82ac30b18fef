import type { z } from "zod";

/**
 * A zod issue's path as a field name, exact to the item: `links[2].url`,
 * `settings.accent`, `expiresAt`; "" for the value as a whole.
 */
export function issueField(issue: z.core.$ZodIssue): string {
  return issue.path
    .map((key, index) => (typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

/**
 * One line for a zod issue, for settings and request bodies alike. An issue on
 * a field reads "<field> <message>" (the schemas write "must be …"), the field
 * named to the item that failed (`links[2].url must start with …`); an issue
 * on the whole value carries a sentence of its own.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  const field = issueField(issue);
  return field === "" ? issue.message : `${field} ${issue.message}`;
}

import { stripNonXmlChars } from "~/lib/clean-text";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/**
 * Text or an attribute value for XML: the five markup characters as XML's
 * predefined entities, and characters XML 1.0 cannot carry dropped, so older
 * data can never make a feed unreadable.
 */
export function escapeXml(text: string): string {
  return stripNonXmlChars(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

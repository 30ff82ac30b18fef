import type { Watermark } from "~/lib/watermark";
import { HttpError } from "~/server/core/http-error.server";
import { logoForMarks } from "~/server/site/site-logo.server";

/** Refuses a logo mark while the site has no logo to draw (record 088): its proofs could not be made. */
export async function assertMarkDrawable(watermark: Watermark | null | undefined): Promise<void> {
  if (watermark?.kind !== "logo" || (await logoForMarks())) return;
  throw new HttpError(400, "watermark cannot be the logo: upload a logo on the Site page first, or mark with text.", {
    field: "watermark",
  });
}

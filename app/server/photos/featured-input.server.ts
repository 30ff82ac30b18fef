import { z } from "zod";
import { parseInput, positiveWhole } from "~/server/http/input.server";
import { GALLERY_ORDERS, PIN_STEPS, type GalleryOrder, type PinStep, type PinTarget } from "./featured-order.server";

const galleryOrderForm = z.object({
  galleryOrder: z.enum(GALLERY_ORDERS, { error: `must be one of ${GALLERY_ORDERS.join(", ")}` }),
});
const pinStepForm = z.object({ step: z.enum(PIN_STEPS, { error: `must be one of ${PIN_STEPS.join(", ")}` }) });

/** The owner's choice of the gallery's order, from its plain form. */
export function parseGalleryOrderForm(galleryOrder: string | undefined): GalleryOrder {
  return parseInput(galleryOrderForm, { galleryOrder }).galleryOrder;
}

/** A pin form's step: pin, unpin, up or down. */
export function parsePinStep(step: string | undefined): PinStep {
  return parseInput(pinStepForm, { step }).step;
}

const PIN_REFUSED = "must be the id of another pinned photo (a positive whole number)";
const pinMove = z
  .object({
    imageId: positiveWhole("must be the id of a photo (a positive whole number)"),
    before: positiveWhole(PIN_REFUSED).optional(),
    after: positiveWhole(PIN_REFUSED).optional(),
  })
  .transform(({ imageId, before, after }, ctx) => {
    if ((before === undefined) === (after === undefined)) {
      ctx.issues.push({ code: "custom", message: "Send exactly one of before or after", input: { before, after } });
      return z.NEVER;
    }
    const target: PinTarget = before === undefined ? { after: after! } : { before };
    return { imageId, target };
  });

/** A drop among the pins (`POST /api/gallery/pins`): the photo and exactly one of before or after. */
export function parsePinMove(body: unknown): { imageId: number; target: PinTarget } {
  return parseInput(pinMove, body);
}

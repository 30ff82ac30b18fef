import { z } from "zod";
import { parseInput } from "~/server/http/input.server";
import { GALLERY_ORDERS, PIN_STEPS, type GalleryOrder, type PinStep } from "./featured-order.server";

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

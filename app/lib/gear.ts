/** Cameras and lenses as their pages name them (record 078). Shared with the browser: the viewer's camera line links. */
import { cameraName } from "./exif";
import { tagSlug } from "./tags";

export type GearKind = "camera" | "lens";

/**
 * The address name of a camera or lens, from the name the viewer shows: "FUJIFILM X-T4" → "fujifilm-x-t4",
 * "XF23mmF1.4 R" → "xf23mmf1-4-r". Empty for none.
 */
export function gearSlug(name: string | null): string {
  return name ? tagSlug(name) : "";
}

/** A camera's by its make and model as EXIF wrote them: "Canon" + "Canon EOS R5" is "canon-eos-r5". */
export function cameraSlug(make: string | null, model: string | null): string {
  return gearSlug(cameraName(make, model));
}

import { methodNotAllowed } from "~/server/http/http.server";
import { removeLogo, uploadLogo } from "~/server/site/site-logo.server";
import { siteUploadAction } from "~/server/site/site-upload-route.server";
import { sweepProofs } from "~/server/proofs/proof-sweep.server";

/**
 * The Site section's logo form without JavaScript: upload a PNG, or remove it. Proofs drawn with the old logo leave
 * the store (record 088); links marked with the logo draw the new one at their next view.
 */
export const action = siteUploadAction({
  section: "logo",
  upload: async (request) => {
    await uploadLogo(request);
    await sweepProofs();
  },
  remove: async () => {
    await removeLogo();
    await sweepProofs();
  },
  uploaded: "Logo saved.",
  removed: "Logo removed.",
});

export const loader = methodNotAllowed("POST");

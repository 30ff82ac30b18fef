import { methodNotAllowed } from "~/server/http/http.server";
import { removePortrait, uploadPortrait } from "~/server/site/site-portrait.server";
import { siteUploadAction } from "~/server/site/site-upload-route.server";

/** The Site section's portrait form without JavaScript: upload a photo, or remove it. */
export const action = siteUploadAction({
  section: "portrait",
  upload: uploadPortrait,
  remove: removePortrait,
  uploaded: "Portrait saved.",
  removed: "Portrait removed.",
});

export const loader = methodNotAllowed("POST");

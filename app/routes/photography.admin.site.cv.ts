import { methodNotAllowed } from "~/server/http/http.server";
import { removeCv, uploadCv } from "~/server/site/site-cv.server";
import { siteUploadAction } from "~/server/site/site-upload-route.server";

/** The Site section's CV form without JavaScript: upload a PDF, or "No CV". */
export const action = siteUploadAction({
  section: "cv",
  upload: uploadCv,
  remove: removeCv,
  uploaded: "CV uploaded.",
  removed: "CV removed: the link is gone from the site.",
});

export const loader = methodNotAllowed("POST");

import { methodNotAllowed } from "~/server/http/http.server";
import { removeLogo, uploadLogo } from "~/server/site/site-logo.server";
import { siteUploadAction } from "~/server/site/site-upload-route.server";

/** The Site section's logo form without JavaScript: upload a PNG, or remove it. */
export const action = siteUploadAction({
  section: "logo",
  upload: uploadLogo,
  remove: removeLogo,
  uploaded: "Logo saved.",
  removed: "Logo removed.",
});

export const loader = methodNotAllowed("POST");

import { Form } from "react-router";
import type { AlbumChoice } from "~/components/gallery/gallery-scope";
import { Button } from "~/components/ui/button";
import type { Image } from "~/lib/image";
import { MAX_FORM_FILES } from "~/lib/limits";
import { ADMIN_UPLOAD_PATH } from "~/lib/paths";
import type { Route } from "../../routes/+types/photography.admin";
import { AlbumSelect } from "./album-select";
import { PhotoVisibilityField } from "~/components/gallery/visibility";
import { UploadSummary } from "./upload-summary";
import { automaticVisibilityLabel } from "~/lib/album-privacy";

type UploadReport = NonNullable<Extract<Route.ComponentProps["loaderData"], { admin: true }>["upload"]>;

/** What the server did with a plain-form upload: the same summary as the script's. */
export function UploadReportView({
  report,
  added,
}: {
  report: Extract<UploadReport, { results: unknown }>;
  added: Image[];
}) {
  return (
    <UploadSummary
      storedCount={report.stored}
      total={report.total}
      added={added}
      refused={report.results.flatMap((result) => (result.ok ? [] : [result]))}
      hidden={report.hidden}
      unlisted={report.total - report.results.length}
    />
  );
}

/** The upload without JavaScript: one multipart post of many files, answered by a redirect back here. */
export function PlainUploadForm({ albums }: { albums: AlbumChoice[] }) {
  return (
    <Form
      method="post"
      action={ADMIN_UPLOAD_PATH}
      encType="multipart/form-data"
      className="plain-upload album-privacy-scope"
    >
      <div className="field">
        <label htmlFor="plain-upload-files">Images</label>
        <input id="plain-upload-files" type="file" name="image" multiple required />
        <p className="field__hint">Up to {MAX_FORM_FILES} files at once.</p>
      </div>
      <div className="field">
        <label htmlFor="plain-upload-name">Image Name</label>
        <input id="plain-upload-name" name="name" aria-describedby="plain-upload-name-hint" />
        <p id="plain-upload-name-hint" className="field__hint">
          Optional: left empty, each image takes the title saved in its file, else its file name without the extension.
        </p>
      </div>
      <div className="field">
        <label htmlFor="plain-upload-description">Description</label>
        <textarea id="plain-upload-description" name="description" rows={2} />
      </div>
      <AlbumSelect albums={albums} id="plain-upload-album" />
      {/* Without JavaScript the label cannot follow the album chosen: it reads right for each. */}
      <PhotoVisibilityField
        id="plain-upload-visibility"
        automatic={albums.length ? automaticVisibilityLabel() : undefined}
      />
      <div className="actions">
        <Button type="submit">Upload</Button>
      </div>
    </Form>
  );
}

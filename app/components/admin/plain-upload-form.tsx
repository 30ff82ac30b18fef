import { Form, Link } from "react-router";
import type { AlbumChoice } from "~/components/gallery/gallery-scope";
import { Button } from "~/components/ui/button";
import { galleryHref } from "~/lib/gallery-url";
import { MAX_FORM_FILES } from "~/lib/limits";
import { ADMIN_UPLOAD_PATH } from "~/lib/paths";
import type { Route } from "../../routes/+types/photography.admin";
import { AlbumSelect } from "./album-select";
import { PhotoVisibilityField } from "~/components/gallery/visibility";

type UploadReport = NonNullable<Extract<Route.ComponentProps["loaderData"], { admin: true }>["upload"]>;

/** What the server did with each file of a plain-form upload. */
export function UploadReportView({ report }: { report: Extract<UploadReport, { results: unknown }> }) {
  const { stored, total, results } = report;
  const unnamed = total - results.length;
  return (
    <div className="upload-results" role="status">
      <h3>Upload results</h3>
      <p>{`Stored ${stored} of ${total} ${total === 1 ? "file" : "files"}.`}</p>
      <ul>
        {results.map((result, index) => (
          <li
            key={index}
            className={result.ok ? "upload-result upload-result--ok" : "upload-result upload-result--refused"}
          >
            {result.ok ? (
              <>
                <strong>Stored:</strong> {result.filename} as “{result.name}”
              </>
            ) : (
              <>
                <strong>Refused:</strong> {result.filename}: {result.reason}
                {result.duplicateOf === undefined ? null : (
                  <>
                    {" "}
                    <Link to={galleryHref("", { image: result.duplicateOf })}>
                      See the photo already in the gallery
                    </Link>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {unnamed > 0 && <p>{`${unnamed} more ${unnamed === 1 ? "file is" : "files are"} not listed.`}</p>}
    </div>
  );
}

/** The upload without JavaScript: one multipart post of many files, answered by a redirect back here. */
export function PlainUploadForm({ albums }: { albums: AlbumChoice[] }) {
  return (
    <Form method="post" action={ADMIN_UPLOAD_PATH} encType="multipart/form-data" className="plain-upload">
      <div className="field">
        <label htmlFor="plain-upload-files">Images</label>
        <input id="plain-upload-files" type="file" name="image" multiple required />
        <p className="field__hint">Up to {MAX_FORM_FILES} files at once.</p>
      </div>
      <div className="field">
        <label htmlFor="plain-upload-name">Image Name</label>
        <input id="plain-upload-name" name="name" aria-describedby="plain-upload-name-hint" />
        <p id="plain-upload-name-hint" className="field__hint">
          Optional: left empty, each image is named after its file.
        </p>
      </div>
      <div className="field">
        <label htmlFor="plain-upload-description">Description</label>
        <textarea id="plain-upload-description" name="description" rows={2} />
      </div>
      <AlbumSelect albums={albums} id="plain-upload-album" />
      <PhotoVisibilityField id="plain-upload-visibility" albumDefault />
      <div className="actions">
        <Button type="submit">Upload</Button>
      </div>
    </Form>
  );
}

import { Form } from "react-router";
import { MAX_FORM_FILES } from "~/lib/limits";

export type UploadSummary = { ok: true; filename: string; name: string } | { ok: false; filename: string; reason: string };

/** What the server did with each file of a plain-form upload. */
export function UploadResults({ results }: { results: UploadSummary[] }) {
  const stored = results.filter((result) => result.ok);
  const refused = results.filter((result) => !result.ok);
  return (
    <div className="upload-results" role="status">
      <h3>Upload results</h3>
      <p>{`Stored ${stored.length} of ${results.length} ${results.length === 1 ? "file" : "files"}.`}</p>
      <ul>
        {results.map((result, index) => (
          <li key={index} className={result.ok ? "upload-result upload-result--ok" : "upload-result upload-result--refused"}>
            {result.ok ? (
              <>
                <strong>Stored:</strong> {result.filename} as “{result.name}”
              </>
            ) : (
              <>
                <strong>Refused:</strong> {result.filename}: {result.reason}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The upload without JavaScript: one multipart post of many files. The intent
 * travels in the URL because the action must not read a multipart body twice.
 */
export function PlainUploadForm() {
  return (
    <Form method="post" action="?intent=upload" encType="multipart/form-data" className="plain-upload">
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
      <div className="actions">
        <button type="submit" className="button">
          Upload
        </button>
      </div>
    </Form>
  );
}

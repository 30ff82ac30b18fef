import { ADMIN_SITE_CV_PATH, ADMIN_SITE_LOGO_PATH, ADMIN_SITE_PORTRAIT_PATH } from "~/lib/paths";
import { LOGO_PREVIEW_HEIGHT, logoSizes } from "~/lib/logo";
import { Button } from "~/components/ui/button";
import { SiteAnswer } from "./site-answer";
import type { SitePageData } from "./site-page";

/**
 * The CV, the portrait and the logo: files, so plain multipart forms to action-only
 * routes (never a page action), which answer with a redirect back here and a
 * notice. Native forms, not React Router's: the browser sends the file itself.
 */
export function SiteCvForm({
  hasCv,
  maxMegabytes,
  notice,
}: {
  hasCv: boolean;
  maxMegabytes: number;
  notice: SitePageData["notice"];
}) {
  return (
    <section className="card site-card" aria-labelledby="cv-heading" id="cv">
      <h2 id="cv-heading">CV</h2>
      <p className="muted">
        {hasCv ? (
          <>
            Visitors download it at <a href="/cv.pdf">/cv.pdf</a>.
          </>
        ) : (
          "No CV: the link is hidden."
        )}{" "}
        A PDF of at most {maxMegabytes} MB.
      </p>
      <SiteAnswer answer={notice?.section === "cv" ? notice : null} />
      <UploadForms
        action={ADMIN_SITE_CV_PATH}
        file={{ id: "site-cv", name: "cv", label: "PDF file", accept: "application/pdf,.pdf" }}
        upload="Upload CV"
        remove={hasCv ? "No CV" : null}
      />
    </section>
  );
}

export function SitePortraitForm({
  portrait,
  notice,
}: {
  portrait: SitePageData["portrait"];
  notice: SitePageData["notice"];
}) {
  return (
    <section className="card site-card" aria-labelledby="portrait-heading" id="portrait">
      <h2 id="portrait-heading">Portrait</h2>
      <p className="muted">Optional, shown round above your name. Its location and camera details are removed.</p>
      <SiteAnswer answer={notice?.section === "portrait" ? notice : null} />
      {portrait ? (
        <img
          className="site-portrait-preview"
          src={portrait.url}
          srcSet={portrait.srcset}
          sizes="6rem"
          alt="Your portrait"
        />
      ) : null}
      <UploadForms
        action={ADMIN_SITE_PORTRAIT_PATH}
        file={{ id: "site-portrait", name: "portrait", label: "Photo", accept: "image/*" }}
        upload="Upload portrait"
        remove={portrait ? "Remove portrait" : null}
      />
    </section>
  );
}

export function SiteLogoForm({
  logo,
  maxMegabytes,
  maxSide,
  notice,
}: {
  logo: SitePageData["logo"];
  maxMegabytes: number;
  maxSide: number;
  notice: SitePageData["notice"];
}) {
  return (
    <section className="card site-card" aria-labelledby="logo-heading" id="logo">
      <h2 id="logo-heading">Logo</h2>
      <p className="muted">
        A PNG with a transparent background, at most {maxMegabytes} MB and {maxSide} px a side. It shows in a share
        link&rsquo;s client view and can mark proofs.
      </p>
      <SiteAnswer answer={notice?.section === "logo" ? notice : null} />
      {logo ? (
        <img
          className="site-logo-preview"
          src={logo.url}
          srcSet={logo.srcset}
          sizes={logoSizes(logo, LOGO_PREVIEW_HEIGHT)}
          width={logo.width}
          height={logo.height}
          alt="Your logo"
        />
      ) : null}
      <UploadForms
        action={ADMIN_SITE_LOGO_PATH}
        file={{ id: "site-logo", name: "logo", label: "PNG image", accept: "image/png,.png" }}
        upload="Upload logo"
        remove={logo ? "Remove logo" : null}
      />
    </section>
  );
}

/**
 * A site file's two plain forms: the upload (multipart, posted to `action`) and, when there is a file, its removal
 * (`intent=remove` to the same address).
 */
function UploadForms({
  action,
  file,
  upload,
  remove,
}: {
  action: string;
  file: { id: string; name: string; label: string; accept: string };
  upload: string;
  remove: string | null;
}) {
  return (
    <>
      <form method="post" action={action} encType="multipart/form-data" className="site-form">
        <div className="field">
          <label htmlFor={file.id}>{file.label}</label>
          <input id={file.id} name={file.name} type="file" accept={file.accept} required />
        </div>
        <div>
          <Button type="submit">{upload}</Button>
        </div>
      </form>
      {remove ? (
        <form method="post" action={action} className="site-form__remove">
          <input type="hidden" name="intent" value="remove" />
          <Button type="submit" variant="danger">
            {remove}
          </Button>
        </form>
      ) : null}
    </>
  );
}

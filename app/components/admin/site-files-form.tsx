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
      <form method="post" action={ADMIN_SITE_CV_PATH} encType="multipart/form-data" className="site-form">
        <div className="field">
          <label htmlFor="site-cv">PDF file</label>
          <input id="site-cv" name="cv" type="file" accept="application/pdf,.pdf" required />
        </div>
        <div>
          <Button type="submit">Upload CV</Button>
        </div>
      </form>
      {hasCv ? (
        <form method="post" action={ADMIN_SITE_CV_PATH} className="site-form__remove">
          <input type="hidden" name="intent" value="remove" />
          <Button type="submit" variant="danger">
            No CV
          </Button>
        </form>
      ) : null}
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
      <form method="post" action={ADMIN_SITE_PORTRAIT_PATH} encType="multipart/form-data" className="site-form">
        <div className="field">
          <label htmlFor="site-portrait">Photo</label>
          <input id="site-portrait" name="portrait" type="file" accept="image/*" required />
        </div>
        <div>
          <Button type="submit">Upload portrait</Button>
        </div>
      </form>
      {portrait ? (
        <form method="post" action={ADMIN_SITE_PORTRAIT_PATH} className="site-form__remove">
          <input type="hidden" name="intent" value="remove" />
          <Button type="submit" variant="danger">
            Remove portrait
          </Button>
        </form>
      ) : null}
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
      <form method="post" action={ADMIN_SITE_LOGO_PATH} encType="multipart/form-data" className="site-form">
        <div className="field">
          <label htmlFor="site-logo">PNG image</label>
          <input id="site-logo" name="logo" type="file" accept="image/png,.png" required />
        </div>
        <div>
          <Button type="submit">Upload logo</Button>
        </div>
      </form>
      {logo ? (
        <form method="post" action={ADMIN_SITE_LOGO_PATH} className="site-form__remove">
          <input type="hidden" name="intent" value="remove" />
          <Button type="submit" variant="danger">
            Remove logo
          </Button>
        </form>
      ) : null}
    </section>
  );
}

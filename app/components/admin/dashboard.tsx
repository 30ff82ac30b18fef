import { Form } from "react-router";
import { useAuth } from "~/components/auth";
import { BackLink } from "~/components/ui/back-link";
import { Button, LinkButton } from "~/components/ui/button";
import { formatBytes } from "~/lib/format";
import { DASHBOARD_UPLOAD_ID } from "~/lib/dashboard";
import { ADMIN_ACTIVITY_PATH, ADMIN_LOGOUT_PATH, GALLERY_PATH } from "~/lib/paths";
import { ErrorBanners } from "./error-banners";
import { PlainUploadForm, UploadReportView } from "./plain-upload-form";
import { UploadPanel } from "./upload-panel";
import { LatestUploads } from "./latest-uploads";
import { FirstRunChecklist } from "./first-run-checklist";
import type { Route } from "../../routes/+types/photography.admin";

type DashboardData = Extract<Route.ComponentProps["loaderData"], { admin: true }>;

interface DashboardProps {
  stats: DashboardData["stats"];
  /** A new site's first steps, until all are done. */
  firstRun: DashboardData["firstRun"];
  /** The newest photos, beside the upload panel. */
  latest: DashboardData["latest"];
  /** What became of the last plain-form upload, shown once. */
  upload: DashboardData["upload"];
  /** The photos that upload added, for its summary's thumbnails. */
  uploadedImages: DashboardData["uploadedImages"];
  error: string | null;
  /** For the batch's Album menu. */
  albums: DashboardData["albums"];
}

export function Dashboard({ stats, firstRun, latest, upload, uploadedImages, error, albums }: DashboardProps) {
  const auth = useAuth();

  return (
    <main className="page admin">
      <header className="page-header">
        <BackLink to={GALLERY_PATH}>Back to the gallery</BackLink>
        <div className="title-row">
          <h1 className="page-header__title">Admin Dashboard</h1>
          <LinkButton to={ADMIN_ACTIVITY_PATH} variant="secondary" className="dashboard-activity">
            Client activity
          </LinkButton>
          <Form method="post" action={ADMIN_LOGOUT_PATH} onSubmit={auth.signOut}>
            <Button type="submit" variant="secondary">
              Logout
            </Button>
          </Form>
        </div>
      </header>

      <ErrorBanners messages={[auth.error, error, upload && "error" in upload ? upload.error : null]} />

      {firstRun ? <FirstRunChecklist steps={firstRun} /> : null}

      <section className="admin-stats" aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="visually-hidden">
          The gallery at a glance
        </h2>
        <dl>
          <div>
            <dt>Photos</dt>
            <dd>{stats.count}</dd>
          </div>
          <div>
            <dt>Storage used</dt>
            <dd>{formatBytes(stats.storedBytes)}</dd>
          </div>
          <div>
            <dt>Originals uploaded</dt>
            <dd>{formatBytes(stats.uploadedBytes)}</dd>
          </div>
        </dl>
      </section>

      {/* The upload panel, the latest uploads beside it on a wide screen (admin.css), the pending list under both. */}
      <div className="dashboard-uploads" id={DASHBOARD_UPLOAD_ID}>
        {upload && "results" in upload && <UploadReportView report={upload} added={uploadedImages} />}
        {/* The dropzone needs JavaScript; without it, the plain form does the same job. CSS shows the one that works. */}
        <section className="admin-section no-js-only" aria-labelledby="plain-upload-heading">
          <h2 id="plain-upload-heading">Upload Images</h2>
          <PlainUploadForm albums={albums} />
        </section>
        <UploadPanel albums={albums} />
        <LatestUploads images={latest} />
      </div>
    </main>
  );
}

import { Form, Link } from "react-router";
import { useAuth } from "~/components/auth";
import { formatBytes } from "~/lib/format";
import { ErrorBanners } from "./error-banners";
import { ADMIN_LOGOUT_PATH } from "~/lib/paths";
import type { Route } from "../../routes/+types/photography.admin";
import { PlainUploadForm, UploadReportView } from "./plain-upload-form";
import { UploadPanel } from "./upload-panel";
import { useHydrated } from "~/components/use-hydrated";

type DashboardData = Extract<Route.ComponentProps["loaderData"], { admin: true }>;

interface DashboardProps {
  stats: DashboardData["stats"];
  /** What became of the last plain-form upload, shown once. */
  upload: DashboardData["upload"];
  error: string | null;
}

export function Dashboard({ stats, upload, error }: DashboardProps) {
  const auth = useAuth();
  const hydrated = useHydrated();

  return (
    <main className="admin">
      <header className="admin-header">
        <Link to="/photography" className="back-link">
          <span aria-hidden="true">←</span> Back to the gallery
        </Link>
        <div className="admin-header__title">
          <h1>Admin Dashboard</h1>
          <Form method="post" action={ADMIN_LOGOUT_PATH} onSubmit={auth.signOut}>
            <button type="submit" className="button button--secondary">
              Logout
            </button>
          </Form>
        </div>
      </header>

      <ErrorBanners messages={[auth.error, error, upload && "error" in upload ? upload.error : null]} />

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

      {upload && "results" in upload && <UploadReportView report={upload} />}
      {/* The dropzone needs JavaScript; until it runs, the plain form does the same job. */}
      {hydrated ? (
        <UploadPanel />
      ) : (
        <section className="admin-section" aria-labelledby="upload-heading">
          <h2 id="upload-heading">Upload Images</h2>
          <PlainUploadForm />
        </section>
      )}
    </main>
  );
}

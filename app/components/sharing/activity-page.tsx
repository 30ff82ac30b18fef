import { Form, Link } from "react-router";
import { ErrorBanners } from "~/components/admin/error-banners";
import { BackLink } from "~/components/ui/back-link";
import { Button } from "~/components/ui/button";
import { DotSeparated } from "~/components/ui/dot-separated";
import { ACTIVITY_TEXT, MAIL_TEXT, type ActivityEntry } from "~/lib/activity";
import { ADMIN_ACTIVITY_PATH, ADMIN_PATH, adminAlbumPath } from "~/lib/paths";
import { formatInZone } from "~/lib/time-zone";

interface Props {
  entries: ActivityEntry[];
  page: number;
  pages: number;
  mailConfigured: boolean;
  emailAll: boolean;
  zone: string;
  refusal: string | null;
}

function MailState({ mail }: { mail: ActivityEntry["mail"] }) {
  if (!mail) return null;
  const tries = mail.status === "sent" ? "" : ` (${mail.attempts} ${mail.attempts === 1 ? "attempt" : "attempts"})`;
  return (
    <span className={`activity-mail activity-mail--${mail.status}`} title={mail.lastError ?? undefined}>
      {`${MAIL_TEXT[mail.status]}${tries}`}
    </span>
  );
}

const pageHref = (page: number) => (page === 1 ? ADMIN_ACTIVITY_PATH : `${ADMIN_ACTIVITY_PATH}?page=${page}`);

/** What clients did on share links, newest first, with the message that told the owner (record 081). */
export function ActivityPage({ entries, page, pages, mailConfigured, emailAll, zone, refusal }: Props) {
  return (
    <main className="page admin activity">
      <BackLink to={ADMIN_PATH}>Back to the dashboard</BackLink>
      <h1>Client activity</h1>
      <ErrorBanners messages={[refusal]} />
      {entries.length === 0 ? (
        <p className="field__hint">
          Nothing yet. Links opened, selections sent, comments left and downloads of whole albums appear here.
        </p>
      ) : (
        <ol className="activity-list">
          {entries.map((entry) => (
            <li key={entry.id} className={`activity-entry activity-entry--${entry.kind}`}>
              <time dateTime={entry.at}>{formatInZone(entry.at, zone)}</time>
              <p className="activity-entry__what">
                <strong>{entry.visitorName ?? "Someone"}</strong> {ACTIVITY_TEXT[entry.kind].toLowerCase()}
              </p>
              <p className="activity-entry__where">
                <DotSeparated
                  parts={[
                    <Link key="album" to={adminAlbumPath(entry.albumSlug)}>
                      {entry.albumName}
                    </Link>,
                    `the link for ${entry.linkLabel}`,
                  ]}
                />
              </p>
              <MailState mail={entry.mail} />
            </li>
          ))}
        </ol>
      )}
      {pages > 1 ? (
        <nav className="activity-pages" aria-label="Pages of the activity">
          {page > 1 ? <Link to={pageHref(page - 1)}>Newer</Link> : null}
          <span>{`Page ${page} of ${pages}`}</span>
          {page < pages ? <Link to={pageHref(page + 1)}>Older</Link> : null}
        </nav>
      ) : null}
      <section className="card sharing-admin__section" aria-labelledby="activity-email-title">
        <h2 id="activity-email-title">Email</h2>
        {mailConfigured ? (
          <Form method="post" className="activity-email">
            <input type="hidden" name="intent" value="email-all" />
            <p>
              {emailAll
                ? "You are emailed for everything on this list."
                : "You are emailed when a client sends a selection."}
            </p>
            <input type="hidden" name="emailAll" value={emailAll ? "off" : "on"} />
            <Button type="submit" variant="secondary">
              {emailAll ? "Email me only for selections" : "Email me for everything"}
            </Button>
          </Form>
        ) : (
          <p className="field__hint">
            No email is sent: set SMTP_URL and SMTP_FROM to be emailed when a client sends a selection.
          </p>
        )}
      </section>
    </main>
  );
}

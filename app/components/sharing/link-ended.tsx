import "~/styles/share.css";
import { useSite } from "~/components/use-site";

/**
 * The friendly page of a share link that ended: at its `/s/` address and on
 * the album's page when it ends while the client is inside (issue 29). Names
 * the owner, whom the client knows, rather than "the site".
 */
export function LinkEnded({ message, passwordChanged = false }: { message: string; passwordChanged?: boolean }) {
  const owner = useSite()?.name || "the photographer who sent it";
  return (
    <main className="page page--narrow share-page">
      <div className="card share-card">
        <h1>{message}</h1>
        <p>
          {passwordChanged
            ? `Open the link again and enter the new password, or ask ${owner} for a new one.`
            : `Ask ${owner} for a new one.`}
        </p>
      </div>
    </main>
  );
}

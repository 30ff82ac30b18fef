import { LinkButton } from "~/components/ui/button";
import { ADMIN_PATH } from "~/lib/paths";

/** Under a gallery's or an album's title for the admin: who is looking, and the way to the dashboard. */
export function AdminNotice() {
  return (
    <div className="gallery-admin">
      <p>You are logged in as an admin.</p>
      <LinkButton to={ADMIN_PATH} variant="secondary">
        Admin Page
      </LinkButton>
    </div>
  );
}

/**
 * The dashboard's upload panel, the first-run checklist's "Upload photos" (`/photography/admin#upload`). Not in
 * paths.ts, which every page's scripts load: only the dashboard and its loader need it.
 */
export const DASHBOARD_UPLOAD_ID = "upload";

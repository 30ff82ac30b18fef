/**
 * Posts the dashboard's plain upload form as a browser without JavaScript
 * does: the answer is a redirect to the dashboard with a report cookie, which
 * is then followed with the session cookie and the report cookie.
 */
export async function postPlainUpload(
  url: string,
  cookie: string,
  form: FormData,
  headers: Record<string, string> = {},
): Promise<{ answer: Response; dashboard: Response | null; reportCookie: string | null }> {
  const answer = await fetch(`${url}/photography/admin/upload`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, ...headers },
    redirect: "manual",
  });
  const reportCookie = answer.headers.getSetCookie().find((line) => line.startsWith("__upload_report=")) ?? null;
  if (answer.status !== 303) return { answer, dashboard: null, reportCookie };
  const location = new URL(answer.headers.get("location")!, url);
  const cookies = [cookie, reportCookie?.split(";")[0]].filter(Boolean).join("; ");
  const dashboard = await fetch(location, { headers: { Cookie: cookies }, redirect: "manual" });
  return { answer, dashboard, reportCookie };
}

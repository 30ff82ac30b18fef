import { data } from "react-router";
import { ErrorPage } from "~/components/error-page";

/** Any unknown path: a real 404, with the default error page's texts. Nothing went wrong here, so nothing is logged. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}

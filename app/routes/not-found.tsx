/** Any unknown path: a real 404 rendered by the root error boundary. */
export function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

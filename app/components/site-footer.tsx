import { DotSeparated } from "~/components/ui/dot-separated";
import { useSite } from "~/components/use-site";
import { useClientView } from "./use-client-view";

/** The small footer on every page: the owner's line, their links and the year; a client view's without the links. */
/** The footer's id: the last of a page's shell, which the head's render-blocking link waits for (root.tsx). */
export const SITE_FOOTER_ID = "site-footer";

export function SiteFooter() {
  const site = useSite();
  const clientView = useClientView();
  const links = clientView ? [] : (site?.links ?? []);
  return (
    <footer className="site-footer" id={SITE_FOOTER_ID}>
      <div className="site-footer__inner">
        <p>
          <DotSeparated
            parts={[
              `© ${new Date().getFullYear()} ${site?.name ?? ""}`,
              ...(site?.footerLine ? [site.footerLine] : []),
            ]}
          />
        </p>
        {links.length ? (
          <ul aria-label="Elsewhere">
            {links.map((link) => {
              const external = link.kind !== "email" && link.kind !== "cv" && !link.url.startsWith("mailto:");
              return (
                <li key={link.id}>
                  <a href={link.url} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                    {link.label}
                    {external && <span className="visually-hidden"> (opens in a new tab)</span>}
                  </a>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </footer>
  );
}

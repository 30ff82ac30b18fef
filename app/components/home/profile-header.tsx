import { LinkIcon } from "~/components/link-icon";
import { useSite } from "~/components/use-site";
import { linkDescription, type SiteLink } from "~/lib/site";

/** The portrait's variants, as the home loader gives them. */
export interface PortraitImage {
  url: string;
  srcset: string;
  avifSrcset: string;
  width: number;
  height: number;
  placeholder: string;
}

interface Props {
  /** The about text, already rendered to safe HTML on the server (about-markdown.server.ts). */
  aboutHtml: string;
  portrait: PortraitImage | null;
}

function linkKind(link: SiteLink): "external" | "mail" | "download" {
  if (link.kind === "cv") return "download";
  return /^(mailto|tel):/.test(link.url) ? "mail" : "external";
}

export function ProfileHeader({ aboutHtml, portrait }: Props) {
  const site = useSite();
  if (!site) return null;
  return (
    <header className={portrait ? "profile profile--portrait" : "profile"}>
      {portrait ? (
        <picture className="profile__portrait">
          {portrait.avifSrcset ? <source type="image/avif" srcSet={portrait.avifSrcset} sizes="10rem" /> : null}
          <img
            src={portrait.url}
            srcSet={portrait.srcset}
            sizes="10rem"
            width={portrait.width}
            height={portrait.height}
            alt={`Portrait of ${site.name}`}
            fetchPriority="high"
            decoding="async"
            style={{ backgroundImage: `url("${portrait.placeholder}")`, backgroundSize: "cover" }}
          />
        </picture>
      ) : null}
      <h1 className="profile__name">{site.name}</h1>
      {site.tagline ? <p className="profile__tagline">{site.tagline}</p> : null}
      {site.location ? <p className="profile__location">{site.location}</p> : null}
      {site.links.length ? (
        <ul className="profile__links">
          {site.links.map((link) => {
            const kind = linkKind(link);
            const label = linkDescription(link);
            return (
              <li key={link.id}>
                <a
                  className="icon-link"
                  href={link.url}
                  title={label}
                  {...(kind === "external" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                  {...(kind === "download" ? { download: "" } : {})}
                >
                  <LinkIcon glyph={link.glyph} />
                  <span className="visually-hidden">
                    {label}
                    {kind === "external" ? " (opens in a new tab)" : ""}
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      {aboutHtml ? <div className="profile__about" dangerouslySetInnerHTML={{ __html: aboutHtml }} /> : null}
    </header>
  );
}

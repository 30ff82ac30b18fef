import { buttonClass } from "~/components/ui/button";
import { favouriteCount, lightroomNames, type LinkFavourites, type VisitorFavouriteList } from "~/lib/favourites";
import { CopyButton } from "./copy-button";
import { VisitorComments, VisitorSelectionState } from "./visitor-selection";

const STATES: Record<LinkFavourites["state"], string> = { live: "", expired: " (expired)", revoked: " (revoked)" };

interface VisitorProps {
  visitor: VisitorFavouriteList;
  linkLabel: string;
  zone: string;
}

function VisitorFavourites({ visitor, linkLabel, zone }: VisitorProps) {
  const names = lightroomNames(visitor.photos);
  const fieldId = `favourite-names-${visitor.visitorId}`;
  return (
    <li className="favourites-visitor">
      <h4>
        {visitor.name} <span className="favourites-visitor__count">{favouriteCount(visitor.photos.length)}</span>
      </h4>
      <VisitorSelectionState visitor={visitor} zone={zone} />
      {visitor.photos.length > 0 ? (
        <>
          <ul className="favourites-thumbs">
            {visitor.photos.map((photo) => (
              <li key={photo.imageId}>
                <img src={photo.thumbnailUrl} alt={photo.name} title={photo.filename} loading="lazy" />
              </li>
            ))}
          </ul>
          <div className="favourites-names">
            <label htmlFor={fieldId} className="visually-hidden">
              {`File names of ${visitor.name}'s favourites (${linkLabel})`}
            </label>
            {/* Selectable without JavaScript; Lightroom's filter takes the names as they stand. */}
            <textarea id={fieldId} readOnly rows={2} value={names} className="favourites-names__text" />
            <CopyButton text={names} label="Copy file names" />
          </div>
        </>
      ) : null}
      <VisitorComments visitor={visitor} />
    </li>
  );
}

/**
 * The album admin page's favourites: per share link and per name the
 * photos clients marked, their file names to copy into Lightroom's filter,
 * where each selection stands (Reopen) and their comments, and the CSV of
 * them all.
 */
export function FavouritesSection({
  links,
  csvHref,
  zone,
}: {
  links: LinkFavourites[];
  csvHref: string;
  zone: string;
}) {
  const any = links.some((link) =>
    link.visitors.some((visitor) => visitor.photos.length > 0 || visitor.comments.length > 0),
  );
  return (
    <section className="card sharing-admin__section" aria-labelledby="favourites-title">
      <div className="title-row">
        <h2 id="favourites-title">Favourites</h2>
        {any ? (
          <a href={csvHref} download className={buttonClass({ variant: "secondary" })}>
            Download CSV
          </a>
        ) : null}
      </div>
      {links.length === 0 ? (
        <p className="field__hint">
          No favourites yet. A client who opens a share link marks favourites with the heart on each photo, after giving
          a name.
        </p>
      ) : (
        <ul className="favourites-links">
          {links.map((link) => (
            <li key={link.linkId}>
              <h3>
                {link.label}
                {STATES[link.state]}
              </h3>
              <ul className="favourites-visitors">
                {link.visitors.map((visitor) => (
                  <VisitorFavourites key={visitor.visitorId} visitor={visitor} linkLabel={link.label} zone={zone} />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

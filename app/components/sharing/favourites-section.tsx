import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  favouriteCount,
  FIRST_COMMENTS,
  FIRST_FAVOURITES,
  type LinkFavourites,
  type VisitorFavouritesShown,
} from "~/lib/favourites";
import { favouritesCsvPath, visitorAnchor, visitorEntryPath } from "~/lib/paths";
import { CopyButton } from "./copy-button";
import { VisitorComments, VisitorSelectionState } from "./visitor-selection";

const STATES: Record<LinkFavourites["state"], string> = { live: "", expired: " (expired)", revoked: " (revoked)" };

interface VisitorProps {
  visitor: VisitorFavouritesShown;
  linkLabel: string;
  zone: string;
  albumSlug: string;
}

function VisitorFavourites({ visitor, linkLabel, zone, albumSlug }: VisitorProps) {
  const fieldId = `favourite-names-${visitor.visitorId}`;
  return (
    <li className="favourites-visitor" id={visitorAnchor(visitor.visitorId)}>
      <h4>
        {visitor.name} <span className="favourites-visitor__count">{favouriteCount(visitor.count)}</span>
      </h4>
      <VisitorSelectionState visitor={visitor} zone={zone} />
      {visitor.count > 0 ? (
        <>
          <ul className="favourites-thumbs">
            {visitor.photos.map((photo) => (
              <li key={photo.imageId}>
                <img src={photo.thumbnailUrl} alt={photo.name} title={photo.filename} loading="lazy" />
              </li>
            ))}
          </ul>
          <MoreOrFewer visitor={visitor} albumSlug={albumSlug} what="favourites" />
          <div className="favourites-names">
            <label htmlFor={fieldId} className="visually-hidden">
              {`File names of ${visitor.name}'s favourites (${linkLabel})`}
            </label>
            {/* Selectable without JavaScript; Lightroom's filter takes the names as they stand. */}
            <textarea id={fieldId} readOnly rows={2} value={visitor.names} className="favourites-names__text" />
            <CopyButton text={visitor.names} label="Copy file names" />
          </div>
        </>
      ) : null}
      <VisitorComments visitor={visitor} />
      <MoreOrFewer visitor={visitor} albumSlug={albumSlug} what="comments" />
    </li>
  );
}

interface MoreOrFewerProps {
  visitor: VisitorFavouritesShown;
  albumSlug: string;
  what: "favourites" | "comments";
}

/**
 * "Show all N" under the first few of a visitor's list, and "Show the first few" under all of it: plain links to the
 * page with or without `?visitor=`, back at the visitor's entry, so they work without JavaScript and Back undoes them.
 * Their hidden words say whose list it is: "Show all 17 of Ana's favourites".
 */
function MoreOrFewer({ visitor, albumSlug, what }: MoreOrFewerProps) {
  const [total, shown, first] =
    what === "favourites"
      ? [visitor.count, visitor.photos.length, FIRST_FAVOURITES]
      : [visitor.commentCount, visitor.comments.length, FIRST_COMMENTS];
  if (total <= first) return null;
  const all = shown < total;
  return (
    <Link to={visitorEntryPath(albumSlug, visitor.visitorId, all)} className="favourites-more">
      {all ? `Show all ${total}` : `Show the first ${first}`}
      <span className="visually-hidden">{` of ${visitor.name}'s`}</span>
      {` ${what}`}
    </Link>
  );
}

/**
 * The album admin page's favourites: per share link and per name the
 * photos clients marked, their file names to copy into Lightroom's filter,
 * where each selection stands (Reopen) and their comments, and the CSV of
 * them all. Each visitor's first few photos and comments, "Show all" for the
 * rest (issue 28).
 */
export function FavouritesSection({
  links,
  albumSlug,
  zone,
}: {
  links: LinkFavourites<VisitorFavouritesShown>[];
  albumSlug: string;
  zone: string;
}) {
  const any = links.some((link) => link.visitors.some((visitor) => visitor.count > 0 || visitor.commentCount > 0));
  return (
    <section className="card sharing-admin__section" aria-labelledby="favourites-title">
      <div className="title-row">
        <h2 id="favourites-title">Favourites</h2>
        {any ? (
          <a href={favouritesCsvPath(albumSlug)} download className={buttonClass({ variant: "secondary" })}>
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
                  <VisitorFavourites
                    key={visitor.visitorId}
                    visitor={visitor}
                    linkLabel={link.label}
                    zone={zone}
                    albumSlug={albumSlug}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { ReactNode } from "react";
import { Link } from "react-router";
import { gearPath, tagPath } from "~/lib/paths";
import { gearSlug, type GearKind } from "~/lib/gear";
import { tagSlug } from "~/lib/tags";
import { DotSeparated } from "~/components/ui/dot-separated";
import { formatBytes, formatLongDate } from "~/lib/format";
import { exifParts, takenDate, type Exif } from "~/lib/exif";
import type { Image } from "~/lib/image";

interface Props {
  id: string;
  image: Image;
  titleId: string;
  /** Viewing, not editing: while editing, the form holds the name and description. */
  viewing: boolean;
  /** The camera line (SHOW_EXIF). */
  showExif: boolean;
  /** The admin's Edit and Delete. */
  children?: ReactNode;
}

/** The camera or lens, linked to its page (record 078). */
function GearLink({ kind, name }: { kind: GearKind; name: string | null }) {
  if (!name) return null;
  const slug = gearSlug(name);
  return slug ? <Link to={gearPath(kind, slug)}>{name}</Link> : name;
}

/** The camera line's parts: the camera and lens as links to their pages, then the settings. */
function cameraLine(exif: Exif | null): ReactNode[] {
  if (!exif) return [];
  const gear = [
    exif.camera ? <GearLink key="camera" kind="camera" name={exif.camera} /> : null,
    exif.lens ? <GearLink key="lens" kind="lens" name={exif.lens} /> : null,
  ].filter(Boolean);
  return [...gear, ...exifParts({ ...exif, camera: null, lens: null })];
}

/** The photo's name, description, camera line and dates, beside or under the photo. */
export function ViewerCaption({ id, image, titleId, viewing, showExif, children }: Props) {
  const camera = showExif ? cameraLine(image.exif) : [];
  return (
    <section id={id} className="viewer-info" aria-labelledby={titleId}>
      {/* While editing, the form holds the name and description: the title only names the dialog. */}
      <h2 id={titleId} className={viewing ? "viewer-title" : "visually-hidden"}>
        {image.name}
      </h2>
      {viewing ? (
        <>
          {image.description ? <p className="viewer-description">{image.description}</p> : null}
          {image.tags.length ? (
            <ul className="viewer-tags" aria-label="Tags">
              {image.tags.map((tag) => (
                <li key={tag}>
                  <Link to={tagPath(tagSlug(tag))}>{tag}</Link>
                </li>
              ))}
            </ul>
          ) : null}
          {camera.length ? (
            <p className="viewer-exif">
              <DotSeparated parts={camera} />
            </p>
          ) : null}
          <div className="viewer-meta">
            {image.taken_at ? <p>{`Taken: ${takenDate(image.taken_at)}`}</p> : null}
            <p>{`Uploaded: ${formatLongDate(image.uploaded_at)}`}</p>
            <p>{`Size: ${formatBytes(image.size)}`}</p>
          </div>
        </>
      ) : null}
      {children}
    </section>
  );
}

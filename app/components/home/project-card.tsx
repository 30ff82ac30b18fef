import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { CodeIcon, ExternalLinkIcon } from "~/components/icons";
import { buttonClass } from "~/components/ui/button";
import { isInternalLink, type ProjectCardData, type ProjectCardMedia } from "~/lib/projects";

/** The card's width: the whole column on phones, half of the page's 1200 px (or all of it) above. */
const CARD_SIZES = "(min-width: 768px) 600px, 100vw";

interface Props {
  project: ProjectCardData;
  /** The first card may be the largest thing on screen: load it at once. */
  priority: boolean;
  /** The first of an odd count, spanning the row on wide screens (home.css). */
  wide: boolean;
}

function ProjectVideo({ media }: { media: Extract<ProjectCardMedia, { kind: "video" }> }) {
  const video = useRef<HTMLVideoElement>(null);
  // Autoplay is the design, but not for people who asked for less motion.
  useEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) video.current?.pause();
  }, []);
  return (
    <video
      ref={video}
      className="project-card__media"
      src={media.src}
      poster={media.poster}
      width={media.width}
      height={media.height}
      aria-label={media.label}
      autoPlay
      muted
      loop
      playsInline
      preload="metadata"
    />
  );
}

/** A link to a project page: inside the site, or a new tab for anything else. */
function ProjectLink({
  href,
  label,
  className,
  children,
}: {
  href: string;
  label?: string;
  className: string;
  children: ReactNode;
}) {
  if (isInternalLink(href)) {
    return (
      <Link to={href} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className={className}
      aria-label={label && `${label} (opens in a new tab)`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
      {label ? null : <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}

/**
 * A project card, one target: its title links to the demo and covers the whole
 * card. Demo and Code are real buttons too: over the picture on hover or focus
 * where there is a mouse, in the card's body on touch screens. One set of
 * links, placed by CSS, so assistive technology meets each once.
 */
export function ProjectCard({ project, priority, wide }: Props) {
  const { media } = project;
  return (
    <article className={`card card--link project-card${wide ? " project-card--wide" : ""}`}>
      <div className="project-card__frame">
        {!media ? null : media.kind === "image" ? (
          <img
            className="project-card__media"
            src={media.src}
            srcSet={media.srcset}
            sizes={CARD_SIZES}
            alt={media.alt}
            width={media.width}
            height={media.height}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : "auto"}
            decoding="async"
          />
        ) : (
          <ProjectVideo media={media} />
        )}
      </div>
      <div className="card__body project-card__body">
        <h3 className="card__title">
          <ProjectLink href={project.demoUrl} className="card__link">
            {project.name}
          </ProjectLink>
        </h3>
        <p className="card__text">{project.description}</p>
        <ul className="project-card__tags" aria-label="Tags">
          {project.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
        <div className="project-card__actions">
          <ProjectLink href={project.demoUrl} label={`Demo: ${project.name}`} className={buttonClass()}>
            <ExternalLinkIcon className="button__icon" />
            Demo
          </ProjectLink>
          {project.codeUrl ? (
            <ProjectLink
              href={project.codeUrl}
              label={`Code: ${project.name}`}
              className={buttonClass({ variant: "secondary" })}
            >
              <CodeIcon className="button__icon" />
              Code
            </ProjectLink>
          ) : null}
        </div>
      </div>
    </article>
  );
}

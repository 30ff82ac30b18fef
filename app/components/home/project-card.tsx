import { useEffect, useRef, type ReactNode } from "react";
import { Link } from "react-router";
import { CodeIcon, ExternalLinkIcon } from "~/components/icons";
import { isInternalLink, type Project, type ProjectMedia } from "~/content/projects";

interface Props {
  project: Project;
  /** The first card may be the largest thing on screen: load it at once. */
  priority: boolean;
}

function ProjectVideo({ media }: { media: Extract<ProjectMedia, { kind: "video" }> }) {
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

/** Visible "Demo" or "Code"; the accessible name also says which project, and when a new tab opens. */
function CardLink({ href, label, children }: { href: string; label: string; children: ReactNode }) {
  if (isInternalLink(href)) {
    return (
      <Link to={href} className="overlay-button" aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a
      href={href}
      className="overlay-button"
      aria-label={`${label} (opens in a new tab)`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}

export function ProjectCard({ project, priority }: Props) {
  const { media } = project;
  return (
    <article className="project-card">
      <div className="project-card__frame">
        {media.kind === "image" ? (
          <img
            className="project-card__media"
            src={media.src}
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
        <div className="project-card__overlay">
          <CardLink href={project.link} label={`Demo: ${project.name}`}>
            <ExternalLinkIcon className="overlay-button__icon" />
            Demo
          </CardLink>
          {project.github ? (
            <CardLink href={project.github} label={`Code: ${project.name}`}>
              <CodeIcon className="overlay-button__icon" />
              Code
            </CardLink>
          ) : null}
        </div>
      </div>
      <div className="project-card__body">
        <h3 className="project-card__title">{project.name}</h3>
        <p className="project-card__description">{project.description}</p>
        <ul className="project-card__tags" aria-label="Tags">
          {project.tags.map((tag) => (
            <li key={tag} className="tag">
              {tag}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

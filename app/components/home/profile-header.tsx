import type { ReactNode } from "react";
import { FileIcon, GitHubIcon, LinkedInIcon, MailIcon } from "~/components/icons";
import { owner } from "~/content/owner";

interface ProfileLink {
  href: string;
  label: string;
  icon: ReactNode;
  kind: "external" | "mail" | "download";
}

const links: ProfileLink[] = [
  { href: owner.links.github, label: "GitHub profile", icon: <GitHubIcon />, kind: "external" },
  { href: owner.links.linkedin, label: "LinkedIn profile", icon: <LinkedInIcon />, kind: "external" },
  { href: owner.links.email, label: "Send an email", icon: <MailIcon />, kind: "mail" },
  { href: owner.links.cv, label: "Download CV (PDF)", icon: <FileIcon />, kind: "download" },
];

export function ProfileHeader() {
  return (
    <header className="profile">
      <h1 className="profile__name">{owner.name}</h1>
      <p className="profile__tagline">{owner.tagline}</p>
      <p className="profile__location">{owner.location}</p>
      <ul className="profile__links">
        {links.map(({ href, label, icon, kind }) => (
          <li key={href}>
            <a
              className="icon-link"
              href={href}
              title={label}
              {...(kind === "external" ? { target: "_blank", rel: "noopener noreferrer" } : {})}
              {...(kind === "download" ? { download: "" } : {})}
            >
              {icon}
              <span className="visually-hidden">
                {label}
                {kind === "external" ? " (opens in a new tab)" : ""}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </header>
  );
}

import { CodeIcon, ExternalLinkIcon, FileIcon, GitHubIcon, LinkedInIcon, MailIcon } from "~/components/icons";
import type { LinkIcon as LinkIconName } from "~/lib/site";

const ICONS = {
  github: GitHubIcon,
  linkedin: LinkedInIcon,
  mail: MailIcon,
  file: FileIcon,
  code: CodeIcon,
  external: ExternalLinkIcon,
} satisfies Record<LinkIconName, unknown>;

/** A link's bundled icon, by the name the owner chose. */
export function LinkIcon({ name, className }: { name: LinkIconName; className?: string }) {
  const Icon = ICONS[name];
  return <Icon className={className} />;
}

import { useState } from "react";
import { HomeTabs, panelId, tabId } from "~/components/home/home-tabs";
import { JokeButton } from "~/components/home/joke-button";
import { PhotoPreviews } from "~/components/home/photo-previews";
import { ProfileHeader } from "~/components/home/profile-header";
import { ProjectCard } from "~/components/home/project-card";
import { TechStrip } from "~/components/home/tech-strip";
import { parseHomeTab, PREVIEW_COUNT } from "~/lib/home";
import { pageMeta } from "~/lib/seo";
import type { PublicSite } from "~/lib/site";
import { randomImages } from "~/server/photos/random-images.server";
import { requestAccess } from "~/server/access/access.server";
import { visibleProjectCards } from "~/server/projects/projects.server";
import { technologyStrip } from "~/server/projects/technologies.server";
import { renderAbout } from "~/server/site/about-markdown.server";
import { readProfile, readSettings } from "~/server/site/site-content.server";
import { readPortrait } from "~/server/site/site-portrait.server";
import "~/styles/home.css";
import type { Route } from "./+types/home";

/** "Tagline in Location: projects, …" with whichever of the two the owner filled in. */
function homeDescription(site: PublicSite | undefined): string {
  if (!site) return "";
  const who = [site.tagline, site.location].filter(Boolean).join(" in ");
  return `${who ? `${who}: p` : "P"}rojects, technologies and photography by ${site.name}.`;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = (matches[0]?.loaderData as { site?: PublicSite } | undefined)?.site;
  // The home page is the site itself: its title alone, the owner's (Site settings) or their name.
  return pageMeta(matches, { title: "", description: homeDescription(site), path: "/" });
}

/** A browser loading the page itself, as opposed to the router fetching data for a client-side navigation. */
function isDocumentRequest(request: Request): boolean {
  return (
    request.headers.get("Sec-Fetch-Mode") === "navigate" || (request.headers.get("Accept") ?? "").includes("text/html")
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const first = readSettings().homeTab;
  const tab = parseHomeTab(params.get("tab"), first);
  const access = await requestAccess(request);
  const previews = tab === "photography" ? Promise.resolve().then(() => randomImages(PREVIEW_COUNT, access)) : null;
  return {
    aboutHtml: await renderAbout(readProfile().about),
    portrait: readPortrait(),
    tab,
    firstTab: first,
    // The owner's cards and strip (admin: Site → Projects); a save shows at the next request.
    projects: tab === "projects" ? visibleProjectCards() : [],
    technologies: tab === "projects" ? technologyStrip() : null,
    jokePressed: params.get("joke") === "pressed",
    // Client-side tab switches stream the previews behind "Loading Images...". A streamed
    // Suspense boundary needs JavaScript to replace its fallback, so full page loads wait for them.
    previews: previews && isDocumentRequest(request) ? await previews : previews,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tab, previews, projects, technologies } = loaderData;
  const [pressedInPage, setPressedInPage] = useState(false);
  const jokePressed = pressedInPage || loaderData.jokePressed;

  return (
    <main className="page home">
      <ProfileHeader aboutHtml={loaderData.aboutHtml} portrait={loaderData.portrait} />
      <HomeTabs selected={tab} jokePressed={jokePressed} first={loaderData.firstTab} />
      {tab === "projects" ? (
        <section id={panelId("projects")} className="panel" role="tabpanel" aria-labelledby={tabId("projects")}>
          <h2 className="visually-hidden">Projects</h2>
          {technologies ? <TechStrip technologies={technologies} /> : null}
          <div className="project-grid">
            {projects.map((project, index) => (
              <ProjectCard
                key={project.id}
                project={project}
                priority={index === 0}
                wide={index === 0 && projects.length % 2 === 1}
              />
            ))}
          </div>
          <JokeButton pressed={jokePressed} onPress={() => setPressedInPage(true)} />
        </section>
      ) : tab === "photography" && previews ? (
        <section id={panelId("photography")} className="panel" role="tabpanel" aria-labelledby={tabId("photography")}>
          <h2 className="visually-hidden">Photography</h2>
          <PhotoPreviews previews={previews} />
        </section>
      ) : (
        <section className="panel panel--welcome">
          <h2>Welcome to my portfolio!</h2>
          <p>Select a section above to view my work.</p>
        </section>
      )}
    </main>
  );
}

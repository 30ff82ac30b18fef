import { SiteSectionNav } from "~/components/admin/site-section-nav";
import { AnswerBanner } from "./answer-banner";
import { ProjectForm } from "./project-form";
import { ProjectList } from "./project-list";
import { TechnologiesSection } from "./technologies-section";
import type { ProjectsAnswer, ProjectsLoaderData } from "./types";

/** The home page's Projects tab, edited: the cards, a new one, and the technology strip. */
export function ProjectsAdminPage({ data, answer }: { data: ProjectsLoaderData; answer: ProjectsAnswer }) {
  const listAnswer = answer && answer.intent !== "technologies" && answer.intent !== "create" ? answer : null;
  const createRefusal = answer && !answer.ok && answer.intent === "create" ? answer : null;
  return (
    <main className="page admin projects-admin">
      <header className="page-header">
        <h1 className="page-header__title">Site</h1>
        <SiteSectionNav />
        <p className="page-header__lede">
          The cards on the home page&apos;s Projects tab, in this order. A hidden card stays here but not there.
        </p>
      </header>
      <section className="card admin-section" aria-labelledby="cards-heading">
        <h2 id="cards-heading">Cards</h2>
        {listAnswer && (
          <AnswerBanner ok={listAnswer.ok} message={listAnswer.ok ? listAnswer.notice : listAnswer.error} />
        )}
        <ProjectList data={data} answer={answer} />
      </section>
      <section className="card admin-section" aria-labelledby="new-project-heading">
        <h2 id="new-project-heading">Add a project</h2>
        {createRefusal && <AnswerBanner ok={false} message={createRefusal.error} />}
        <ProjectForm refusal={createRefusal} formKey="new" />
      </section>
      <TechnologiesSection choices={data.technologies} answer={answer} />
    </main>
  );
}

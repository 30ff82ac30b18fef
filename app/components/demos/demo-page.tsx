import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/back-link";
import { HOME_PATH } from "~/lib/paths";
import "~/styles/demos.css";

interface Props {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}

/** The frame of every project demo: a way back home, a title and a short explanation. */
export function DemoPage({ title, intro, children }: Props) {
  return (
    <main className="page demo">
      <header className="page-header">
        <BackLink to={`${HOME_PATH}#projects`}>Back to projects</BackLink>
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__lede">{intro}</p>
      </header>
      {children}
    </main>
  );
}

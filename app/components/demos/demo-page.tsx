import type { ReactNode } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon } from "~/components/icons";
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
    <main className="demo">
      <Link to={`${HOME_PATH}#projects`} className="demo__back">
        <ArrowLeftIcon className="demo__back-icon" />
        Back to projects
      </Link>
      <h1 className="demo__title">{title}</h1>
      <p className="demo__intro">{intro}</p>
      {children}
    </main>
  );
}

/**
 * The technology strip on the home page. Icons come from the devicon package;
 * `?no-inline` makes Vite emit each as a hashed file instead of inlining it in the page's JavaScript.
 */
import amazonwebservices from "devicon/icons/amazonwebservices/amazonwebservices-original-wordmark.svg?no-inline";
import css3 from "devicon/icons/css3/css3-original.svg?no-inline";
import docker from "devicon/icons/docker/docker-original.svg?no-inline";
import git from "devicon/icons/git/git-original.svg?no-inline";
import github from "devicon/icons/github/github-original.svg?no-inline";
import html5 from "devicon/icons/html5/html5-original.svg?no-inline";
import java from "devicon/icons/java/java-original.svg?no-inline";
import javascript from "devicon/icons/javascript/javascript-original.svg?no-inline";
import nodejs from "devicon/icons/nodejs/nodejs-original.svg?no-inline";
import react from "devicon/icons/react/react-original.svg?no-inline";
import spring from "devicon/icons/spring/spring-original.svg?no-inline";
import tailwindcss from "devicon/icons/tailwindcss/tailwindcss-original.svg?no-inline";
import typescript from "devicon/icons/typescript/typescript-original.svg?no-inline";

interface Technology {
  name: string;
  icon: string;
  /** A black logo: inverted on the dark scheme's dark tiles, so it stays visible. */
  darkLogo?: boolean;
}

export const technologies: Technology[] = [
  { name: "JavaScript", icon: javascript },
  { name: "TypeScript", icon: typescript },
  { name: "React", icon: react },
  { name: "Node.js", icon: nodejs },
  { name: "Java", icon: java },
  { name: "Git", icon: git },
  { name: "Docker", icon: docker },
  { name: "Spring", icon: spring },
  { name: "Tailwind CSS", icon: tailwindcss },
  { name: "HTML5", icon: html5 },
  { name: "CSS3", icon: css3 },
  { name: "Amazon Web Services", icon: amazonwebservices, darkLogo: true },
  { name: "GitHub", icon: github, darkLogo: true },
];

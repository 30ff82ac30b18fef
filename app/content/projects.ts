/**
 * The project cards on the home page, in display order. Media live in
 * `public/projects/` (stills 960×540 WebP; a video needs a poster of the same size).
 * A `link` starting with "/" stays in the site; anything else opens in a new tab.
 */

import { href } from "react-router";

interface ProjectBase {
  name: string;
  description: string;
  /** The demo or live site. */
  link: string;
  /** The source code, when public. */
  github?: string;
  tags: string[];
}

export type ProjectMedia =
  | { kind: "image"; src: string; alt: string; width: number; height: number }
  | { kind: "video"; src: string; poster: string; label: string; width: number; height: number };

export type Project = ProjectBase & { media: ProjectMedia };

const still = (file: string, alt: string): ProjectMedia => ({
  kind: "image",
  src: `/projects/${file}`,
  alt,
  width: 960,
  height: 540,
});

export const projects: Project[] = [
  {
    name: "Career Fair website",
    description:
      "Event site for a student-run career fair: exhibitor list, floor map and schedule, edited by the organisers every year.",
    media: still("career-fair.webp", "The career fair site's landing page with exhibitor cards"),
    link: "https://career-fair.example.com",
    github: "https://github.com/alex-sample/career-fair",
    tags: ["React", "TailwindCSS", "Netlify"],
  },
  {
    name: "numeral-to-kana",
    description:
      "An npm package that spells numbers in Japanese kana, with the sound changes of spoken Japanese (さんびゃく, はっせん).",
    media: still("numeral-to-kana.webp", "A terminal installing the package and converting 123"),
    link: href("/foo-bar"),
    github: "https://github.com/alex-sample/numeral-to-kana",
    tags: ["NPM", "TypeScript", "Japanese"],
  },
  {
    name: "Alcohol per krona",
    description:
      "A browser extension that adds the alcohol-per-krona value to every product on a Swedish retail site and sorts by it.",
    media: still(
      "alcohol-per-krona.webp",
      "Product cards on a retail site, each with an added alcohol-per-krona badge",
    ),
    link: "https://alcohol-per-krona.example.com",
    github: "https://github.com/alex-sample/alcohol-per-krona",
    tags: ["Chrome Extension", "JavaScript"],
  },
  {
    name: "Sorting visualizer",
    description:
      "Watch bubble sort, insertion sort, selection sort and quicksort compare and swap, one step at a time.",
    media: still("sorting-visualizer.webp", "Bars of different heights being sorted, two of them highlighted"),
    link: href("/sorting"),
    github: "https://github.com/alex-sample/sorting-visualizer",
    tags: ["React", "TypeScript", "Web App"],
  },
  {
    name: "Northwind IT",
    description: "Website for an IT management company, with pages the staff edit themselves through a Git-backed CMS.",
    media: still("it-management.webp", "The IT company's home page with its services"),
    link: "https://northwind-it.example.com",
    tags: ["Next.js", "TinaCMS", "Vercel", "TailwindCSS"],
  },
  {
    name: "Departure kiosk",
    description:
      "A wall-mounted screen showing the next public transport departures from the nearest stops, updated live.",
    media: still("departure-kiosk.webp", "A departure board listing buses and trams with minutes to departure"),
    link: "https://departures.example.com",
    github: "https://github.com/alex-sample/departure-kiosk",
    tags: ["React", "Real-time Data", "TypeScript"],
  },
  {
    name: "Game of life",
    description: "Conway's cellular automaton in the browser: draw cells, load classic patterns and watch them evolve.",
    media: {
      kind: "video",
      src: "/projects/game-of-life.mp4",
      poster: "/projects/game-of-life-poster.webp",
      label: "A glider gun firing gliders across the board",
      width: 640,
      height: 384,
    },
    link: href("/life"),
    github: "https://github.com/alex-sample/game-of-life",
    tags: ["JavaScript", "Cellular Automaton", "Web App"],
  },
];

export function isInternalLink(link: string): boolean {
  return link.startsWith("/") && !link.startsWith("//");
}

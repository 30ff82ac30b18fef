/**
 * The sample project cards a new site starts with: the first start imports
 * them, and their media in `app/content/sample-projects/`, into the database
 * and the photo store (app/server/projects/sample-projects.server.ts); from
 * then on the owner edits them in the admin.
 */

export interface SampleProject {
  name: string;
  description: string;
  demoUrl: string;
  codeUrl?: string;
  tags: string[];
  /** A file in app/content/sample-projects/: the still, or the video's poster. */
  image: string;
  video?: string;
  alt: string;
}

const still = (image: string, alt: string) => ({ image, alt });

export const sampleProjects: SampleProject[] = [
  {
    name: "Career Fair website",
    description:
      "Event site for a student-run career fair: exhibitor list, floor map and schedule, edited by the organisers every year.",
    ...still("career-fair.webp", "The career fair site's landing page with exhibitor cards"),
    demoUrl: "https://career-fair.example.com",
    codeUrl: "https://github.com/alex-sample/career-fair",
    tags: ["React", "TailwindCSS", "Netlify"],
  },
  {
    name: "numeral-to-kana",
    description:
      "An npm package that spells numbers in Japanese kana, with the sound changes of spoken Japanese (さんびゃく, はっせん).",
    ...still("numeral-to-kana.webp", "A terminal installing the package and converting 123"),
    demoUrl: "/foo-bar",
    codeUrl: "https://github.com/alex-sample/numeral-to-kana",
    tags: ["NPM", "TypeScript", "Japanese"],
  },
  {
    name: "Alcohol per krona",
    description:
      "A browser extension that adds the alcohol-per-krona value to every product on a Swedish retail site and sorts by it.",
    ...still("alcohol-per-krona.webp", "Product cards on a retail site, each with an added alcohol-per-krona badge"),
    demoUrl: "https://alcohol-per-krona.example.com",
    codeUrl: "https://github.com/alex-sample/alcohol-per-krona",
    tags: ["Chrome Extension", "JavaScript"],
  },
  {
    name: "Sorting visualizer",
    description:
      "Watch bubble sort, insertion sort, selection sort and quicksort compare and swap, one step at a time.",
    ...still("sorting-visualizer.webp", "Bars of different heights being sorted, two of them highlighted"),
    demoUrl: "/sorting",
    codeUrl: "https://github.com/alex-sample/sorting-visualizer",
    tags: ["React", "TypeScript", "Web App"],
  },
  {
    name: "Northwind IT",
    description: "Website for an IT management company, with pages the staff edit themselves through a Git-backed CMS.",
    ...still("it-management.webp", "The IT company's home page with its services"),
    demoUrl: "https://northwind-it.example.com",
    tags: ["Next.js", "TinaCMS", "Vercel", "TailwindCSS"],
  },
  {
    name: "Departure kiosk",
    description:
      "A wall-mounted screen showing the next public transport departures from the nearest stops, updated live.",
    ...still("departure-kiosk.webp", "A departure board listing buses and trams with minutes to departure"),
    demoUrl: "https://departures.example.com",
    codeUrl: "https://github.com/alex-sample/departure-kiosk",
    tags: ["React", "Real-time Data", "TypeScript"],
  },
  {
    name: "Game of life",
    description: "Conway's cellular automaton in the browser: draw cells, load classic patterns and watch them evolve.",
    image: "game-of-life-poster.webp",
    video: "game-of-life.mp4",
    alt: "A glider gun firing gliders across the board",
    demoUrl: "/life",
    codeUrl: "https://github.com/alex-sample/game-of-life",
    tags: ["JavaScript", "Cellular Automaton", "Web App"],
  },
];

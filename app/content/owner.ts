/**
 * The site owner. A sample identity: to make the site yours, edit this file,
 * `projects.ts`, `technologies.ts` and replace `public/cv.pdf`.
 */
export const owner = {
  name: "Alex Sample",
  location: "Stockholm, Sweden",
  /** Used in page descriptions and Open Graph tags. */
  tagline: "Web developer and hobby photographer",
  links: {
    github: "https://github.com/alex-sample",
    linkedin: "https://www.linkedin.com/in/alex-sample",
    email: "mailto:alex@example.com",
    cv: "/cv.pdf",
  },
} as const;

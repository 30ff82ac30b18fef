/**
 * Packages the server and script builds bundle instead of importing from node_modules at run time (record 059): pure
 * ES modules of hundreds of files in all, whose loading was a large part of a start. Being in the build, they are
 * development dependencies.
 */
export const BUNDLED_PACKAGES = [
  "drizzle-orm",
  "zod",
  // markdown-it and the packages it imports.
  "markdown-it",
  "entities",
  "linkify-it",
  "mdurl",
  "punycode.js",
  "uc.micro",
];

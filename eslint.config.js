// Lint: typescript-eslint (strict), React hooks, accessibility, and the layout's floors.
// `npm run lint` runs it with zero warnings allowed; Prettier owns formatting.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * `app/server/`'s floors, bottom first (DEVELOPERS.md, Layout). A folder imports its own files and any floor below,
 * never one above. Folders on one floor stay apart, except those listed together in an inner list: they use each other.
 * A new folder joins a floor here, or lint fails on its files.
 */
const serverFloors = [
  ["core"],
  ["data"],
  ["storage"],
  ["http"],
  ["auth"],
  ["access"],
  [["albums", "photos"]],
  ["notify"],
  ["site", "projects"],
  ["proofs"],
  ["sharing", "downloads"],
  ["ops"],
];

/** Each folder of app/server and the others it may import: every floor below its own, and its partners. */
const reach = new Map();
serverFloors.forEach((floor, level) => {
  const below = serverFloors.slice(0, level).flat(2);
  for (const group of floor) for (const folder of [group].flat()) reach.set(folder, [...below, ...[group].flat()]);
});
const serverFolders = [...reach.keys()];
const layer = (type) => ({ type, pattern: `app/${type}`, partialMatch: false });

/** The layers of `app/` and the floors of `app/server/`, checked on every import (`~/…` and relative alike). */
const floors = {
  files: ["app/**"],
  plugins: { boundaries },
  settings: {
    // `~/…` resolves through tsconfig's paths, so an alias import and a relative one reach the same folder.
    "import/resolver": { typescript: { project: "./tsconfig.json" } },
    "boundaries/include": ["app/**"],
    // Handlebars templates only (`{{ … }}` in the messages), the plugin's coming default.
    "boundaries/legacy-templates": false,
    "boundaries/dependency-nodes": ["import", "export", "dynamic-import"],
    "boundaries/elements": [
      ...serverFolders.map((folder) => ({ type: folder, pattern: `app/server/${folder}`, partialMatch: false })),
      layer("lib"),
      layer("components"),
      layer("routes"),
    ],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: [
          ...serverFolders.map((folder) => ({
            from: { element: { type: folder } },
            disallow: {
              to: { element: { type: serverFolders.filter((other) => !reach.get(folder).includes(other)) } },
            },
            message:
              "app/server/{{ from.element.type }} cannot import app/server/{{ to.element.type }}: a folder imports only the floors below its own, never one above nor a neighbour on its floor (serverFloors in eslint.config.js)",
          })),
          {
            from: { element: { type: "lib" } },
            disallow: { to: { element: { type: [...serverFolders, "components", "routes"] } } },
            message:
              "app/lib is shared with the browser: it imports nothing from app/server, app/components or app/routes",
          },
          {
            from: { element: { type: "components" } },
            disallow: { to: { element: { type: serverFolders } } },
            message: "app/components draws in the browser too: it imports no app/server code",
          },
          {
            from: { element: { type: serverFolders } },
            disallow: { to: { element: { type: ["components", "routes"] } } },
            message: "app/server is below the routes and components: it imports nothing from them",
          },
        ],
      },
    ],
  },
};

/** A file of app/server belongs to a floor: a new folder is added to serverFloors first. */
const everyServerFileOnAFloor = {
  files: ["app/server/**"],
  rules: { "boundaries/no-unknown-files": "error" },
};

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/", "data/", "uploads/"],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ["**/*.tsx"],
    ...jsxA11y.flatConfigs.strict,
  },
  {
    // The two rules of hooks. The plugin's React Compiler rules are left out: this app is not compiled by it.
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    rules: {
      // tsconfig's noUncheckedIndexedAccess types every indexed read as possibly undefined; `!` marks the
      // reads whose bounds the code has just checked (swaps, neighbours, the last of a non-empty list).
      "@typescript-eslint/no-non-null-assertion": "off",
      // `_name` marks a binding kept on purpose, such as a property left out by a rest pattern.
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  floors,
  everyServerFileOnAFloor,
  {
    // Playwright fixtures take `({}, use)`: `use` is Playwright's callback, not React's hook.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
);

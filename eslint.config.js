// Lint: typescript-eslint (strict), React hooks and accessibility.
// `npm run lint` runs it with zero warnings allowed; Prettier owns formatting.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
  {
    // Playwright fixtures take `({}, use)`: `use` is Playwright's callback, not React's hook.
    files: ["tests/e2e/**"],
    rules: { "no-empty-pattern": "off", "react-hooks/rules-of-hooks": "off" },
  },
);

// The operator scripts (`npm run backup`, `restore`, `seed`…) built for plain
// `node`: build/scripts/<name>.js, with the server modules they use bundled as
// the app's own build bundles them (the `~` alias, `?raw` imports), and every
// package but the runtime ones (vite.runtime-packages.ts) bundled. `npm run build` runs it after `react-router
// build`, which empties build/ first. Record 054.
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { OPERATOR_SCRIPTS, OUTPUT } from "./scripts/build-if-stale.mjs";
import { RUNTIME_PACKAGES } from "./vite.runtime-packages";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  ssr: { external: RUNTIME_PACKAGES, noExternal: true },
  build: {
    ssr: true,
    outDir: "build/scripts",
    target: "node20",
    copyPublicDir: false,
    rollupOptions: {
      input: {
        ...Object.fromEntries(OPERATOR_SCRIPTS.map((name) => [name, `scripts/${name}.ts`])),
        // Not an operator's: the server runs it for each conversion of an original (record 093).
        "convert-original": "app/server/downloads/conversion-child.ts",
      },
      output: { entryFileNames: "[name].js", chunkFileNames: "chunks/[name]-[hash].js" },
    },
  },
  plugins: [
    {
      name: "build-finished-marker",
      // After every other file of the build: scripts/build-if-stale.mjs dates the whole build by this one.
      writeBundle() {
        fs.writeFileSync(fileURLToPath(new URL(OUTPUT, import.meta.url)), `${new Date().toISOString()}\n`);
      },
    },
  ],
});

import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { RUNTIME_PACKAGES } from "./vite.runtime-packages";

const REACT_DOM_STREAMING_RENDERER = fileURLToPath(
  new URL("./node_modules/react-dom/cjs/react-dom-server.node.production.js", import.meta.url),
);

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // react-dom/server's Node entry loads the legacy renderer (renderToString) beside the streaming one: 250 KB that
      // every start would parse and none calls. The server build takes the streaming renderer alone.
      ...(isSsrBuild ? [{ find: /^react-dom\/server$/, replacement: REACT_DOM_STREAMING_RENDERER }] : []),
    ],
  },
  build: {
    // The server bundle's entry is our Express app, which itself loads the
    // React Router build; server.js imports it in production.
    rollupOptions: isSsrBuild ? { input: "./app/express.server.ts" } : undefined,
  },
  // The server build runs in production only (`npm run dev` serves the sources): bundled packages keep their production
  // code alone, as their own entry points choose at run time when imported from node_modules.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  // Everything but the native and optional packages is bundled (record 060). The development server leaves them all to
  // node_modules, as Vite does by default: its module runner cannot evaluate CommonJS.
  ssr: isSsrBuild ? { external: RUNTIME_PACKAGES, noExternal: true } : undefined,
  plugins: [reactRouter()],
}));

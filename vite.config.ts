import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { BUNDLED_PACKAGES } from "./vite.bundled-packages";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  build: {
    // The server bundle's entry is our Express app, which itself loads the
    // React Router build; server.js imports it in production.
    rollupOptions: isSsrBuild ? { input: "./app/express.server.ts" } : undefined,
  },
  ssr: {
    // Native and CommonJS packages stay as runtime imports.
    external: ["better-sqlite3", "sharp", "bcryptjs", "busboy", "express", "compression", "fresh"],
    // Pure ES module packages of hundreds of files each, bundled: Node loads one file instead of about 750, which cut
    // a start (every test server's, the container's) by a quarter. They are build-time packages (record 059).
    noExternal: BUNDLED_PACKAGES,
  },
  plugins: [reactRouter()],
}));

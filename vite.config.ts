import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

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
  },
  plugins: [reactRouter()],
}));

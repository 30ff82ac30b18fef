import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/server/data/schema.ts",
  out: "./drizzle",
});

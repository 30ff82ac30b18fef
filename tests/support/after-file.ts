// Vitest's setup file for the tiers that start servers: runs in each test file, after its own hooks.
import { afterAll } from "vitest";
import { removeMadeFolders } from "./server";

afterAll(removeMadeFolders);

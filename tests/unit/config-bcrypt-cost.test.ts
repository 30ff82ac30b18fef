import { describe, expect, it } from "vitest";
import { BCRYPT_COST, ConfigError, parseConfig } from "~/server/core/config.server";

describe("TEST_BCRYPT_COST (test-only)", () => {
  it("defaults to the production cost, also when set empty", () => {
    expect(parseConfig({}).bcryptCost).toBe(BCRYPT_COST);
    expect(parseConfig({ TEST_BCRYPT_COST: "" }).bcryptCost).toBe(BCRYPT_COST);
    expect(BCRYPT_COST).toBe(12);
  });

  it("may only lower the cost, down to bcrypt's minimum of 4", () => {
    expect(parseConfig({ TEST_BCRYPT_COST: "4" }).bcryptCost).toBe(4);
    for (const raw of ["3", "13", "31", "fast"]) {
      expect(() => parseConfig({ TEST_BCRYPT_COST: raw })).toThrow(ConfigError);
      expect(() => parseConfig({ TEST_BCRYPT_COST: raw })).toThrow(
        `TEST_BCRYPT_COST must be a whole number from 4 to 12, got "${raw}"`,
      );
    }
  });
});

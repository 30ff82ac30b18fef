import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { iccDescription, isWideGamut } from "~/server/photos/colour-profile.server";

async function profileOf(profile: "p3" | "srgb" | "cmyk"): Promise<Buffer | undefined> {
  const channels = profile === "cmyk" ? 4 : 3;
  const image = sharp({ create: { width: 4, height: 4, channels, background: "#c04020" } });
  const encoded = await (profile === "cmyk" ? image.toColourspace("cmyk") : image)
    .withIccProfile(profile)
    .jpeg()
    .toBuffer();
  return (await sharp(encoded).metadata()).icc;
}

describe("wide-gamut profiles", () => {
  it("finds Display P3 wide and sRGB not, by their primaries", async () => {
    const p3 = await profileOf("p3");
    const srgb = await profileOf("srgb");
    expect(iccDescription(p3)).toBe("sP3C");
    expect(iccDescription(srgb)).toBe("sRGB");
    expect(isWideGamut(p3)).toBe(true);
    expect(isWideGamut(srgb)).toBe(false);
  });

  it("leaves CMYK, missing and broken profiles to the sRGB path", async () => {
    expect(isWideGamut(await profileOf("cmyk"))).toBe(false);
    expect(isWideGamut(undefined)).toBe(false);
    expect(isWideGamut(Buffer.from("not a profile"))).toBe(false);
    const truncated = (await profileOf("p3"))!.subarray(0, 140);
    expect(isWideGamut(truncated)).toBe(false);
    expect(iccDescription(truncated)).toBeUndefined();
  });
});

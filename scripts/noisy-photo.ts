import sharp from "sharp";

/**
 * Renders an SVG scene as a JPEG with gaussian sensor-like noise on top, so
 * it compresses like a real photo rather than a flat drawing.
 */
export async function noisyPhoto(svg: string, width: number, height: number, quality = 88): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 18 } },
  })
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, blend: "overlay" }])
    .jpeg({ quality })
    .toBuffer();
}

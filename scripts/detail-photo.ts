import sharp from "sharp";

/**
 * A camera-like photo for measuring pages (`npm run seed -- … --detail`): the
 * scene's edges plus grain at three scales, so that like a real photo it keeps
 * detail at every variant width (fine noise alone averages away when resized).
 * About 2.5 MB as a 4000×3000 JPEG at quality 90; made from raw buffers in a
 * few seconds.
 */
export async function detailedPhoto(svg: string, width: number, height: number, seed: number): Promise<Buffer> {
  const raw = { width, height, channels: 3 as const };
  const random = xorshift(seed);
  const [coarse, medium] = await Promise.all([grain(random, raw, 40, 80), grain(random, raw, 5, 34)]);
  const scene = await sharp(Buffer.from(withStrokes(svg, width, height, random)))
    .removeAlpha()
    .raw()
    .toBuffer();
  return sharp(scene, { raw })
    .composite([
      { input: coarse, raw, blend: "overlay" },
      { input: medium, raw, blend: "overlay" },
      { input: lumaNoise(random, width, height, 9), raw, blend: "overlay" },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

type Random = () => number;

/** A fast seeded generator of bytes 0–255: Math.random would make every run's files differ. */
function xorshift(seed: number): Random {
  let state = seed * 2654435761 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state & 255;
  };
}

/** Grey grain around mid-grey (the overlay's neutral), the same in each channel as a sensor's luminance noise. */
function lumaNoise(random: Random, width: number, height: number, amplitude: number): Buffer {
  const pixels = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) {
    const value = 128 + ((random() - 128) * amplitude) / 128;
    pixels[i] = pixels[i + 1] = pixels[i + 2] = value;
  }
  return pixels;
}

/** Grain `scale` times coarser than a pixel: small noise enlarged smoothly. */
function grain(random: Random, size: { width: number; height: number }, scale: number, amplitude: number) {
  const width = Math.ceil(size.width / scale);
  const height = Math.ceil(size.height / scale);
  return sharp(lumaNoise(random, width, height, amplitude), { raw: { width, height, channels: 3 } })
    .resize(size.width, size.height, { kernel: "cubic" })
    .raw()
    .toBuffer();
}

/** Twigs and wires: thin strokes whose edges survive every resize, as a real scene's do. */
function withStrokes(svg: string, width: number, height: number, random: Random): string {
  const at = (size: number) => Math.round((random() / 255) * size);
  const step = () => Math.round(((random() - 128) / 128) * width * 0.04);
  const strokes = Array.from({ length: 300 }, () => {
    const colour = `hsl(${at(360)},35%,${15 + at(60)}%)`;
    return `<path d="M${at(width)} ${at(height)} l${step()} ${step()} l${step()} ${step()}" stroke="${colour}" stroke-width="${1 + at(5)}" fill="none"/>`;
  }).join("");
  return svg.replace("</svg>", `${strokes}</svg>`);
}

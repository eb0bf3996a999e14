/**
 * Dark test photos for the quality bench and the exposure contact sheet, made at run time:
 * - underexposed variants of a real photo: exposure −N stops in linear light, then a sensor's
 *   noise at that exposure (photon shot noise, which grows with the square root of the signal,
 *   plus read noise, independent per colour channel), 8-bit sRGB and a JPEG re-encode, as a
 *   phone or camera would have saved it;
 * - true night scenes, synthesised in linear light (no night street with lights ships with the
 *   repository's photos): a lit street under a dark sky, a moonlit shore, a room by one lamp.
 */
import sharp from 'sharp';

const LONG = 1600;

function srgbToLinear(v: number): number {
  const s = v / 255;
  return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
}

function linearToSrgb8(v: number): number {
  const c = v <= 0 ? 0 : v >= 1 ? 1 : v;
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
  return Math.round(s * 255);
}

/** Deterministic normal deviates (xorshift + Box–Muller). */
function gaussian(seed: number): () => number {
  let s = seed >>> 0 || 1;
  const next = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) + 0.5) / 4294967296;
  };
  return () => Math.sqrt(-2 * Math.log(next())) * Math.cos(2 * Math.PI * next());
}

/**
 * Sensor noise on linear values (0..1 of full scale): shot noise of a sensor whose full well is
 * `electrons`, plus a read noise of `read` of full scale.
 */
function addSensorNoise(lin: Float32Array, seed: number, electrons = 4000, read = 0.0015): void {
  const g = gaussian(seed);
  for (let i = 0; i < lin.length; i++) {
    const v = Math.max(0, lin[i]);
    lin[i] = v + g() * Math.sqrt(v / electrons + read * read);
  }
}

async function encode(lin: Float32Array, width: number, height: number, quality = 85): Promise<Buffer> {
  const bytes = Buffer.alloc(lin.length);
  for (let i = 0; i < lin.length; i++) bytes[i] = linearToSrgb8(lin[i]);
  return sharp(bytes, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** The photo upright on white as raw sRGB bytes, at most `long` px on its long side. */
export async function rawSrgb(
  photo: Buffer,
  long: number,
): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(photo, { limitInputPixels: false })
    .rotate()
    .resize(long, long, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/**
 * The photo `stops` stops darker in linear light, with sensor noise and a JPEG re-encode, at
 * most `long` px on its long side.
 */
export async function underexpose(photo: Buffer, stops: number, seed = 1, long = LONG): Promise<Buffer> {
  const { data, width, height } = await rawSrgb(photo, long);
  const k = Math.pow(2, -stops);
  const lin = new Float32Array(data.length);
  for (let i = 0; i < data.length; i++) lin[i] = srgbToLinear(data[i]) * k;
  addSensorNoise(lin, seed + stops * 7919);
  return encode(lin, width, height);
}

type Paint = (x: number, y: number, out: [number, number, number]) => void;

async function scene(width: number, height: number, paint: Paint, seed: number): Promise<Buffer> {
  const lin = new Float32Array(width * height * 3);
  const px: [number, number, number] = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      paint(x / width, y / height, px);
      const i = (y * width + x) * 3;
      lin[i] = px[0];
      lin[i + 1] = px[1];
      lin[i + 2] = px[2];
    }
  }
  addSensorNoise(lin, seed);
  return encode(lin, width, height);
}

function hash(x: number, y: number, seed: number): number {
  let h = Math.imul(x * 374761393 + y * 668265263 + seed * 2147483647, 1274126177);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** A street at night: dark blue sky, building fronts with a few lit windows, sodium street lamps, a wet road. */
function nightStreet(x: number, y: number, out: [number, number, number]): void {
  const horizon = 0.62;
  // Sky: deep blue, a little lighter towards the horizon (city glow).
  let r = 0.004 + 0.01 * y;
  let g = 0.006 + 0.012 * y;
  let b = 0.018 + 0.015 * y;
  // Buildings: three blocks of different heights.
  const roof = x < 0.3 ? 0.18 : x < 0.62 ? 0.3 : 0.12;
  if (y > roof && y < horizon) {
    const wall = x < 0.3 ? 0.012 : x < 0.62 ? 0.008 : 0.015;
    r = wall * 1.1;
    g = wall;
    b = wall * 0.9;
    // Windows on a grid; about one in three lit warm.
    const cx = Math.floor(x * 40);
    const cy = Math.floor((y - roof) * 60);
    const fx = x * 40 - cx;
    const fy = (y - roof) * 60 - cy;
    if (fx > 0.25 && fx < 0.75 && fy > 0.25 && fy < 0.75 && y < horizon - 0.05) {
      if (hash(cx, cy, 3) < 0.33) {
        r = 0.55;
        g = 0.38;
        b = 0.16;
      } else {
        r = 0.004;
        g = 0.005;
        b = 0.008;
      }
    }
  }
  // Road: wet asphalt, with the lamps' warm reflections.
  if (y >= horizon) {
    r = 0.01;
    g = 0.01;
    b = 0.012;
  }
  // Two street lamps with glow (sodium orange).
  for (const lx of [0.2, 0.78]) {
    const ly = 0.4;
    const d2 = (x - lx) ** 2 + ((y - ly) * 0.75) ** 2;
    const glow = 0.9 * Math.exp(-d2 / 0.0004) + 0.08 * Math.exp(-d2 / 0.01);
    r += glow;
    g += glow * 0.6;
    b += glow * 0.2;
    if (Math.abs(x - lx) < 0.003 && y > ly && y < horizon + 0.05) {
      r = g = b = 0.006;
    }
    if (y > horizon) {
      const streak = Math.exp(-((x - lx) ** 2) / 0.0006) * Math.exp(-(y - horizon) / 0.2) * 0.12;
      r += streak;
      g += streak * 0.6;
      b += streak * 0.2;
    }
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/** A moonlit shore: a bright moon, faint sky, dark hills, the moon's path on the water. */
function moonlitShore(x: number, y: number, out: [number, number, number]): void {
  const horizon = 0.58;
  let r = 0.006 + 0.008 * (1 - y);
  let g = 0.008 + 0.01 * (1 - y);
  let b = 0.02 + 0.02 * (1 - y);
  const mx = 0.68;
  const my = 0.2;
  const dm = Math.hypot(x - mx, (y - my) * 0.75);
  if (dm < 0.03) {
    r = 0.9;
    g = 0.9;
    b = 0.82;
  } else {
    const halo = 0.06 * Math.exp(-(dm - 0.03) / 0.05);
    r += halo;
    g += halo;
    b += halo * 1.1;
  }
  if (hash(Math.floor(x * 300), Math.floor(y * 300), 9) > 0.997 && y < horizon - 0.1) r = g = b = 0.25;
  // Hills.
  const hill = horizon - 0.08 - 0.06 * Math.sin(x * 7 + 1) - 0.03 * Math.sin(x * 19);
  if (y > hill && y < horizon) {
    r = 0.006;
    g = 0.009;
    b = 0.01;
  }
  if (y >= horizon) {
    // Water: the sky's faint light, ripples, the moon's glittering path.
    const ripple = 0.5 + 0.5 * Math.sin(y * 420 + Math.sin(x * 40) * 2);
    r = 0.004 + 0.004 * ripple;
    g = 0.006 + 0.005 * ripple;
    b = 0.014 + 0.008 * ripple;
    const path = Math.exp(-((x - mx) ** 2) / (0.0015 + 0.02 * (y - horizon))) * ripple ** 3 * 0.35;
    r += path;
    g += path;
    b += path * 0.95;
    // A boat's silhouette on the path.
    if (y > 0.72 && y < 0.75 && x > 0.6 && x < 0.72 - (0.75 - y) * 1.5) r = g = b = 0.002;
  }
  out[0] = r;
  out[1] = g;
  out[2] = b;
}

/** A room by one lamp: warm light falling off across a wall, a sofa, a table, a picture frame. */
function lampRoom(x: number, y: number, out: [number, number, number]): void {
  const lx = 0.2;
  const ly = 0.35;
  const d = Math.hypot(x - lx, y - ly);
  const light = 0.5 / (1 + (d / 0.12) ** 2);
  let albedo: [number, number, number] = [0.5, 0.42, 0.32];
  if (y > 0.8) albedo = [0.3, 0.18, 0.1]; // floor boards
  if (y > 0.55 && y < 0.8 && x > 0.45 && x < 0.92) albedo = [0.12, 0.22, 0.35]; // sofa
  if (y > 0.5 && y < 0.57 && x > 0.47 && x < 0.9) albedo = [0.16, 0.28, 0.42]; // sofa back top
  if (x > 0.55 && x < 0.8 && y > 0.15 && y < 0.38) {
    albedo =
      Math.abs(x - 0.55) < 0.01 || Math.abs(x - 0.8) < 0.01 || Math.abs(y - 0.15) < 0.012 || Math.abs(y - 0.38) < 0.012
        ? [0.35, 0.25, 0.08]
        : [0.2 + 0.2 * Math.sin(x * 30), 0.3, 0.25]; // a framed picture
  }
  if (y > 0.62 && y < 0.66 && x > 0.1 && x < 0.38) albedo = [0.4, 0.25, 0.12]; // table top
  if (d < 0.05) {
    out[0] = 1;
    out[1] = 0.85;
    out[2] = 0.55; // lampshade
    return;
  }
  out[0] = albedo[0] * light * 1.0;
  out[1] = albedo[1] * light * 0.8;
  out[2] = albedo[2] * light * 0.55;
}

/** The synthetic night scenes: name and JPEG. */
export async function nightScenes(): Promise<Array<{ name: string; input: Buffer }>> {
  return [
    { name: 'night-street-lamps', input: await scene(1500, 1000, nightStreet, 21) },
    { name: 'night-moonlit-shore', input: await scene(1500, 1000, moonlitShore, 22) },
    { name: 'night-lamp-room', input: await scene(1400, 1050, lampRoom, 23) },
  ];
}

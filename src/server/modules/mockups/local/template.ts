import type { Sharp } from 'sharp';

/**
 * A view template is everything about one mockup view that does not depend on the artwork:
 * the product drawn without print (`base`) and, for every printed surface, a list of the
 * output pixels it covers with where each pixel samples the print area and how it is lit.
 * Templates are built once per process; rendering an artwork is then one pass per layer.
 */
export interface ViewTemplate {
  width: number;
  height: number;
  /** Packed RGB of the product without print. */
  base: Uint8Array;
  layers: PrintLayer[];
}

/** A print area as a template maps it; where the artwork goes in it is the placement's (domain/placement.ts). */
export interface PrintSpec {
  /** Physical width / height of the print area. */
  aspect: number;
  /** Copies of the artwork side by side across the area (a mug printed on both sides: 2). */
  repeat: number;
}

export interface PrintLayer extends PrintSpec {
  count: number;
  /** Output pixel index (y * width + x). */
  idx: Uint32Array;
  /** Print-area coordinates, 0…65535 across its width and height. */
  s: Uint16Array;
  t: Uint16Array;
  /** Light falling on the print: colour × mul / 128 + add. */
  mul: Uint8Array;
  add: Uint8Array;
  /** Coverage of the pixel by the printed surface, 0…255. */
  alpha: Uint8Array;
  /** Output pixels spanned by the whole print-area width where it faces the viewer: picks the artwork's mip level. */
  pxPerUnit: number;
}

/** The pixels of a print layer as a template is painted; TemplateCanvas.paintSurface fills it. */
export class LayerBuilder {
  n = 0;
  idx = new Uint32Array(0);
  s = new Uint16Array(0);
  t = new Uint16Array(0);
  mul = new Uint8Array(0);
  add = new Uint8Array(0);
  alpha = new Uint8Array(0);

  constructor(private readonly spec: PrintSpec & { pxPerUnit: number }) {}

  /** Makes room for `more` pixels. */
  reserve(more: number): void {
    const needed = this.n + more;
    if (needed <= this.idx.length) return;
    const grow = <T extends Uint8Array | Uint16Array | Uint32Array>(a: T, b: T): T => {
      b.set(a.subarray(0, this.n));
      return b;
    };
    this.idx = grow(this.idx, new Uint32Array(needed));
    this.s = grow(this.s, new Uint16Array(needed));
    this.t = grow(this.t, new Uint16Array(needed));
    this.mul = grow(this.mul, new Uint8Array(needed));
    this.add = grow(this.add, new Uint8Array(needed));
    this.alpha = grow(this.alpha, new Uint8Array(needed));
  }

  /** The layer, hidden where the overlay (RGBA) covers it. */
  finish(overlay?: Uint8Array): PrintLayer {
    const n = this.n;
    const alpha = this.alpha.slice(0, n);
    const idx = this.idx.slice(0, n);
    if (overlay) {
      for (let i = 0; i < n; i++) {
        const o = overlay[idx[i] * 4 + 3];
        if (o > 0) alpha[i] = (alpha[i] * (255 - o) + 127) / 255;
      }
    }
    return {
      ...this.spec,
      count: n,
      idx,
      s: this.s.slice(0, n),
      t: this.t.slice(0, n),
      mul: this.mul.slice(0, n),
      add: this.add.slice(0, n),
      alpha,
    };
  }
}

/** Light at a surface pixel, and where it samples the print when it carries one. */
export interface SurfaceSample {
  /** Multiplier on the colour (1 = unlit colour as is). */
  m: number;
  /** Light added on top (gloss, sheen), 0…255. */
  a: number;
  /** Whether the pixel carries the print; when it does, s and t are print-area coordinates. */
  print: boolean;
  s: number;
  t: number;
}

export interface SurfaceOptions {
  /** Coverage of each canvas pixel by this surface, 0…255 (usually a rasterised SVG shape). */
  mask: Uint8Array;
  /** Unprinted colour of the surface. */
  color: readonly [number, number, number];
  /** Fills `out` for pixel (x, y) of the canvas; returns false when the pixel is not on the surface. */
  shade: (x: number, y: number, out: SurfaceSample) => boolean;
  layer?: LayerBuilder;
  /** Only pixels inside this box are visited. */
  box?: { x0: number; y0: number; x1: number; y1: number };
}

/** An RGB canvas a template is painted on, plus an optional overlay drawn over everything. */
export class TemplateCanvas {
  private overlay?: Uint8Array;
  private readonly layers: LayerBuilder[] = [];

  /** `base`: packed RGB of everything behind the printed surfaces (see renderScene). */
  constructor(
    readonly width: number,
    readonly height: number,
    readonly base: Uint8Array,
  ) {}

  /** Draws rasterised RGBA over what is painted so far (hiding no print: the overlay does that). */
  draw(rgba: Uint8Array): void {
    blendRgba(this.base, rgba);
  }

  /** Everything drawn in front of the printed surfaces (handles, camera, frame); it hides the print beneath. */
  setOverlay(rgba: Uint8Array): void {
    this.overlay = rgba;
  }

  newLayer(spec: PrintSpec & { pxPerUnit: number }): LayerBuilder {
    const layer = new LayerBuilder(spec);
    this.layers.push(layer);
    return layer;
  }

  paintSurface(options: SurfaceOptions): void {
    const { mask, color, shade, layer } = options;
    const box = options.box ?? { x0: 0, y0: 0, x1: this.width, y1: this.height };
    const x0 = Math.max(0, Math.floor(box.x0));
    const y0 = Math.max(0, Math.floor(box.y0));
    const x1 = Math.min(this.width, Math.ceil(box.x1));
    const y1 = Math.min(this.height, Math.ceil(box.y1));
    const width = this.width;
    if (layer) {
      let covered = 0;
      for (let y = y0; y < y1; y++) for (let x = x0, i = y * width + x0; x < x1; x++, i++) if (mask[i] !== 0) covered++;
      layer.reserve(covered);
    }
    const base = this.base;
    const sample: SurfaceSample = { m: 1, a: 0, print: false, s: 0, t: 0 };
    const [cr, cg, cb] = color;
    // Written out rather than through helpers: this loop runs for every pixel of every template.
    let n = layer ? layer.n : 0;
    const idx = layer?.idx;
    const ls = layer?.s;
    const lt = layer?.t;
    const lm = layer?.mul;
    const la = layer?.add;
    const lk = layer?.alpha;
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * width + x;
        const cover = mask[i];
        if (cover === 0) continue;
        sample.print = false;
        if (!shade(x + 0.5, y + 0.5, sample)) continue;
        const k = cover / 255;
        const p = i * 3;
        const m = sample.m;
        const a = sample.a;
        let r = cr * m + a;
        let g = cg * m + a;
        let b = cb * m + a;
        r = r > 255 ? 255 : r < 0 ? 0 : r;
        g = g > 255 ? 255 : g < 0 ? 0 : g;
        b = b > 255 ? 255 : b < 0 ? 0 : b;
        base[p] += (r - base[p]) * k;
        base[p + 1] += (g - base[p + 1]) * k;
        base[p + 2] += (b - base[p + 2]) * k;
        if (idx && sample.print) {
          const s = sample.s;
          const t = sample.t;
          const mq = (m * 128 + 0.5) | 0;
          const aq = (a + 0.5) | 0;
          idx[n] = i;
          ls![n] = s <= 0 ? 0 : s >= 1 ? 65535 : (s * 65535 + 0.5) | 0;
          lt![n] = t <= 0 ? 0 : t >= 1 ? 65535 : (t * 65535 + 0.5) | 0;
          lm![n] = mq < 0 ? 0 : mq > 255 ? 255 : mq;
          la![n] = aq < 0 ? 0 : aq > 255 ? 255 : aq;
          lk![n] = cover;
          n++;
        }
      }
    }
    if (layer) layer.n = n;
  }

  /** Adds a soft shadow or light: multiplies the canvas by 1 - strength × mask. */
  darken(mask: Uint8Array, strength: number): void {
    const base = this.base;
    for (let i = 0; i < mask.length; i++) {
      const v = mask[i];
      if (v === 0) continue;
      const f = 1 - (strength * v) / 255;
      const p = i * 3;
      base[p] *= f;
      base[p + 1] *= f;
      base[p + 2] *= f;
    }
  }

  finish(): ViewTemplate {
    if (this.overlay) blendRgba(this.base, this.overlay);
    return {
      width: this.width,
      height: this.height,
      base: this.base,
      layers: this.layers.map((layer) => layer.finish(this.overlay)),
    };
  }
}

/** Source-over of straight-alpha RGBA onto packed RGB, in place. */
function blendRgba(base: Uint8Array, rgba: Uint8Array): void {
  for (let p = 0, j = 0; p < base.length; p += 3, j += 4) {
    const a = rgba[j + 3];
    if (a === 0) continue;
    if (a === 255) {
      base[p] = rgba[j];
      base[p + 1] = rgba[j + 1];
      base[p + 2] = rgba[j + 2];
      continue;
    }
    const k = a / 255;
    base[p] += (rgba[j] - base[p]) * k;
    base[p + 1] += (rgba[j + 1] - base[p + 1]) * k;
    base[p + 2] += (rgba[j + 2] - base[p + 2]) * k;
  }
}

/** sharp is loaded when a template is drawn: a worker that reads its templates back never needs it. */
async function svgPipeline(
  width: number,
  height: number,
  svgBody: string,
  background?: string,
  scale = 1,
): Promise<Sharp> {
  const { default: sharp } = await import('sharp');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width / scale)}" height="${Math.ceil(height / scale)}" viewBox="0 0 ${width} ${height}">` +
    (background ? `<rect width="${width}" height="${height}" fill="${background}"/>` : '') +
    svgBody +
    '</svg>';
  return sharp(Buffer.from(svg));
}

/**
 * Builders start every rasterisation they need at once and await them in order: libvips works
 * on its own threads, so the SVGs render side by side and alongside the JavaScript pixel work.
 */

/** An opaque SVG scene (without the outer <svg> element) as packed RGB. */
export async function renderScene(width: number, height: number, svgBody: string): Promise<Uint8Array> {
  const data = await (await svgPipeline(width, height, svgBody, '#ffffff')).removeAlpha().raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * The coverage of SVG shapes blurred by `sigma` pixels: soft shadows and edge shading. Soft
 * masks are rendered and blurred at a quarter of the size, then scaled up: a wide blur costs
 * libvips tens of milliseconds at full size, an SVG filter a hundred.
 */
export async function softMask(width: number, height: number, svgBody: string, sigma: number): Promise<Uint8Array> {
  const f = sigma >= 12 ? 4 : sigma >= 4 ? 2 : 1;
  let pipeline = (await svgPipeline(width, height, svgBody, undefined, f)).ensureAlpha().extractChannel(3);
  if (sigma / f >= 0.3) pipeline = pipeline.blur(sigma / f);
  const small = await pipeline.raw().toBuffer();
  if (f === 1) return new Uint8Array(small.buffer, small.byteOffset, small.length);
  return upscale(small, Math.ceil(width / f), Math.ceil(height / f), width, height, f);
}

/** Bilinear enlargement by an integer factor, visiting only the rows and columns the mask covers. */
function upscale(src: Uint8Array, sw: number, sh: number, width: number, height: number, f: number): Uint8Array {
  const out = new Uint8Array(width * height);
  let minX = sw;
  let maxX = -1;
  let minY = sh;
  let maxY = -1;
  for (let y = 0; y < sh; y++) {
    const row = y * sw;
    for (let x = 0; x < sw; x++) {
      if (src[row + x] !== 0) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  if (maxX < 0) return out;
  const ox0 = Math.max(0, (minX - 1) * f);
  const ox1 = Math.min(width, (maxX + 2) * f);
  const oy0 = Math.max(0, (minY - 1) * f);
  const oy1 = Math.min(height, (maxY + 2) * f);
  const xs0 = new Int32Array(width);
  const xs1 = new Int32Array(width);
  const xw = new Float32Array(width);
  for (let x = ox0; x < ox1; x++) {
    const fx = Math.min(sw - 1, Math.max(0, (x + 0.5) / f - 0.5));
    xs0[x] = fx | 0;
    xs1[x] = Math.min(sw - 1, xs0[x] + 1);
    xw[x] = fx - xs0[x];
  }
  for (let y = oy0; y < oy1; y++) {
    const fy = Math.min(sh - 1, Math.max(0, (y + 0.5) / f - 0.5));
    const y0 = fy | 0;
    const y1 = Math.min(sh - 1, y0 + 1);
    const wy = fy - y0;
    const r0 = y0 * sw;
    const r1 = y1 * sw;
    const o = y * width;
    for (let x = ox0; x < ox1; x++) {
      const i0 = xs0[x];
      const i1 = xs1[x];
      const a = src[r0 + i0] + (src[r0 + i1] - src[r0 + i0]) * xw[x];
      const b = src[r1 + i0] + (src[r1 + i1] - src[r1 + i0]) * xw[x];
      out[o + x] = a + (b - a) * wy + 0.5;
    }
  }
  return out;
}

/** Rasterises SVG content (without the outer <svg> element) to straight-alpha RGBA. */
export async function rasterize(
  width: number,
  height: number,
  svgBody: string,
  background?: string,
): Promise<Uint8Array> {
  const { data, info } = await (
    await svgPipeline(width, height, svgBody, background)
  )
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.width !== width || info.height !== height) {
    throw new Error(`SVG rasterised to ${info.width}×${info.height}, expected ${width}×${height}`);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Coverage mask (0…255) of SVG shapes: their alpha channel. */
export async function rasterizeMask(width: number, height: number, svgBody: string): Promise<Uint8Array> {
  const data = await (await svgPipeline(width, height, svgBody)).ensureAlpha().extractChannel(3).raw().toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Deterministic lattice hash in [0, 1). */
export function hash2(x: number, y: number): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1). */
export function valueNoise(x: number, y: number): number {
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const ux = fx * fx * (3 - 2 * fx);
  const uy = fy * fy * (3 - 2 * fy);
  const a = hash2(xi, yi);
  const b = hash2(xi + 1, yi);
  const c = hash2(xi, yi + 1);
  const d = hash2(xi + 1, yi + 1);
  return a + (b - a) * ux + (c - a) * uy + (a - b - c + d) * ux * uy;
}

export function hexToRgb(
  hex: string | null | undefined,
  fallback: readonly [number, number, number] = [255, 255, 255],
): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex ?? '');
  if (!m) return [...fallback];
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function luminance([r, g, b]: readonly [number, number, number]): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

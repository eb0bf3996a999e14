import type { ArtLevel, PreparedArtwork } from './artwork.js';
import type { Placement } from '../../../../domain/placement.js';
import type { PrintLayer, ViewTemplate } from './template.js';

/** Where the artwork sits in one cell of a print area, in cell units (0…1 each way; may overflow for cover). */
export interface ArtRect {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
}

/**
 * The artwork's rectangle in one cell of the print area, from the placement the domain decided
 * (the print file uses the same): the whole artwork, so a filled one overflows its cell by
 * what the crop leaves out.
 */
export function artRect({ area, crop, positions }: Placement): ArtRect {
  const cellWidth = area.width / area.repeat;
  const position = positions[0]!;
  const width = position.width / cellWidth / crop.width;
  const height = position.height / area.height / crop.height;
  const x0 = position.left / cellWidth - crop.left * width;
  const y0 = position.top / area.height - crop.top * height;
  return { x0, x1: x0 + width, y0, y1: y0 + height };
}

function pickLevel(levels: ArtLevel[], displayedWidth: number): ArtLevel {
  let chosen = levels[0];
  for (const level of levels) {
    if (level.width >= displayedWidth * 0.9) chosen = level;
    else break;
  }
  return chosen;
}

/** Draws the artwork into `out` through one print layer: bilinear sample, light, blend. */
function drawLayer(out: Uint8ClampedArray, layer: PrintLayer, art: PreparedArtwork, placement: Placement): void {
  const rect = artRect(placement);
  const cellPx = layer.pxPerUnit / layer.repeat;
  const level = pickLevel(art.levels, (rect.x1 - rect.x0) * cellPx);
  const W = level.width;
  const H = level.height;
  const data = level.data;
  const sx = W / (rect.x1 - rect.x0);
  const sy = H / (rect.y1 - rect.y0);
  const ox = -rect.x0 * sx - 0.5;
  const oy = -rect.y0 * sy - 0.5;
  const uScale = layer.repeat / 65535;
  const vScale = 1 / 65535;
  const cover = placement.fit === 'fill';
  const pxU = cellPx;
  const pxV = layer.pxPerUnit / layer.aspect;
  const { idx, s, t, mul, add, alpha, count, repeat } = layer;
  const maxX = W - 1;
  const maxY = H - 1;
  const stride = W * 3;
  for (let i = 0; i < count; i++) {
    let u = s[i] * uScale;
    if (repeat > 1) u -= Math.floor(u);
    const v = t[i] * vScale;
    let k = alpha[i] / 255;
    if (!cover) {
      const du = Math.min(u - rect.x0, rect.x1 - u) * pxU;
      const dv = Math.min(v - rect.y0, rect.y1 - v) * pxV;
      const edge = Math.min(du, dv) + 0.5;
      if (edge <= 0) continue;
      if (edge < 1) k *= edge;
    }
    let fx = u * sx + ox;
    let fy = v * sy + oy;
    if (fx < 0) fx = 0;
    else if (fx > maxX) fx = maxX;
    if (fy < 0) fy = 0;
    else if (fy > maxY) fy = maxY;
    const x0 = fx | 0;
    const y0 = fy | 0;
    const ax = fx - x0;
    const ay = fy - y0;
    const p00 = y0 * stride + x0 * 3;
    const p01 = x0 < maxX ? p00 + 3 : p00;
    const p10 = y0 < maxY ? p00 + stride : p00;
    const p11 = x0 < maxX ? p10 + 3 : p10;
    const w00 = (1 - ax) * (1 - ay);
    const w01 = ax * (1 - ay);
    const w10 = (1 - ax) * ay;
    const w11 = ax * ay;
    const r = data[p00] * w00 + data[p01] * w01 + data[p10] * w10 + data[p11] * w11;
    const g = data[p00 + 1] * w00 + data[p01 + 1] * w01 + data[p10 + 1] * w10 + data[p11 + 1] * w11;
    const b = data[p00 + 2] * w00 + data[p01 + 2] * w01 + data[p10 + 2] * w10 + data[p11 + 2] * w11;
    const m = mul[i] / 128;
    const a = add[i];
    const p = idx[i] * 3;
    const br = out[p];
    const bg = out[p + 1];
    const bb = out[p + 2];
    let cr = r * m + a;
    let cg = g * m + a;
    let cb = b * m + a;
    if (cr > 255) cr = 255;
    if (cg > 255) cg = 255;
    if (cb > 255) cb = 255;
    out[p] = br + (cr - br) * k;
    out[p + 1] = bg + (cg - bg) * k;
    out[p + 2] = bb + (cb - bb) * k;
  }
}

/**
 * The view's pixels with the artwork placed as `placement` says, packed RGB, in memory shared with the main
 * thread (which encodes them) so that handing them over copies nothing.
 */
export function composeView(template: ViewTemplate, art: PreparedArtwork, placement: Placement): Uint8ClampedArray {
  const out = new Uint8ClampedArray(new SharedArrayBuffer(template.base.length));
  out.set(template.base);
  for (const layer of template.layers) drawLayer(out, layer, art, placement);
  return out;
}

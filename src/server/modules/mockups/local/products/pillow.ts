import { Affine, polygonPath, type Point } from '../geometry.js';
import { studioBackdrop } from '../backdrops.js';
import {
  TemplateCanvas,
  hash2,
  rasterize,
  rasterizeMask,
  renderScene,
  softMask,
  valueNoise,
  type SurfaceSample,
  type ViewTemplate,
} from '../template.js';
import { MOCKUP_SIZE, sizeInInches, type ViewContext, type ViewDefinition } from '../views.js';

/**
 * A stuffed square pillow in world inches (origin at its centre). The square of printed
 * fabric is pulled in at the middle of each edge by the stuffing (concave sides, pointed
 * corners) and domes towards the viewer, which compresses the print near the edges.
 */
export function pillowViews({ variant }: ViewContext): ViewDefinition[] {
  const size = sizeInInches(variant.size)?.width ?? 18;
  return [
    { placement: 'front', label: 'Front', key: `pillow:${size}:front`, build: () => buildPillow(size, 'front') },
    {
      placement: 'lifestyle',
      label: 'On the sofa',
      key: `pillow:${size}:sofa`,
      build: () => buildPillow(size, 'sofa'),
    },
  ];
}

const W = MOCKUP_SIZE;
/** How far the stuffing pulls each edge's middle in, as a fraction of the side. */
const PINCH = 0.07;
/** How much more fabric the domed edges hold than their flat projection shows. */
const DOME = 0.2;

/** Where fabric point (s, t) of the printed square lands, in inches. */
function fabricToWorld(s: number, t: number, size: number): Point {
  const p = PINCH * size;
  return [
    -size / 2 + s * size + p * Math.sin(Math.PI * t) * (1 - 2 * s),
    -size / 2 + t * size + p * Math.sin(Math.PI * s) * (1 - 2 * t),
  ];
}

/** The inverse of fabricToWorld by alternating exact solves (converges in a few rounds). */
function worldToFabric(x: number, y: number, size: number, out: Float64Array): void {
  const p = PINCH * size;
  let s = x / size + 0.5;
  let t = y / size + 0.5;
  for (let i = 0; i < 4; i++) {
    const pt = p * Math.sin(Math.PI * t);
    s = (x + size / 2 - pt) / (size - 2 * pt);
    const ps = p * Math.sin(Math.PI * s);
    t = (y + size / 2 - ps) / (size - 2 * ps);
  }
  out[0] = s;
  out[1] = t;
}

function outlinePoints(size: number): Point[] {
  const pts: Point[] = [];
  const n = 40;
  for (let i = 0; i < n; i++) pts.push(fabricToWorld(i / n, 0, size));
  for (let i = 0; i < n; i++) pts.push(fabricToWorld(1, i / n, size));
  for (let i = 0; i < n; i++) pts.push(fabricToWorld(1 - i / n, 1, size));
  for (let i = 0; i < n; i++) pts.push(fabricToWorld(0, 1 - i / n, size));
  return pts;
}

/** Creases running in from each corner, where the stuffing cannot reach. */
function creases(size: number): Array<{ from: Point; to: Point; amp: number; width: number }> {
  const k = size / 18;
  const list: Array<{ from: Point; to: Point; amp: number; width: number }> = [];
  for (const [sx, sy] of [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const) {
    const cx = (sx * size) / 2;
    const cy = (sy * size) / 2;
    list.push({ from: [cx * 0.93, cy * 0.93], to: [cx * 0.55, cy * 0.7], amp: -0.22, width: 0.3 * k });
    list.push({ from: [cx * 0.93, cy * 0.93], to: [cx * 0.72, cy * 0.5], amp: -0.18, width: 0.26 * k });
    list.push({ from: [cx * 0.9, cy * 0.97], to: [cx * 0.45, cy * 0.88], amp: 0.14, width: 0.4 * k });
  }
  return list;
}

async function buildPillow(size: number, kind: 'front' | 'sofa'): Promise<ViewTemplate> {
  const front = kind === 'front';
  const ppi = front ? 600 / size : 330 / 18;
  const toCanvas = front ? Affine.of(ppi, W / 2, W / 2 - 10) : Affine.of(ppi, W / 2 - 40, 430, -0.09);
  const toWorld = toCanvas.inverse();
  const world = (body: string) => `<g transform="${toCanvas.svg()}">${body}</g>`;
  const outline = `<path d="${polygonPath(outlinePoints(size))}"/>`;

  const scene = front ? studioBackdrop(W, W) : renderScene(W, W, sofa());
  const shadow = softMask(
    W,
    W,
    world(`<g transform="translate(${front ? 0.35 : 0.9} ${front ? 0.7 : 0.6})">${outline}</g>`),
    (front ? 0.6 : 0.9) * ppi,
  );
  const maskP = rasterizeMask(W, W, world(outline));
  const overlay = rasterize(
    W,
    W,
    world(
      `<path d="${polygonPath(outlinePoints(size))}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="${0.1 * (size / 18)}"/>
       <path d="${polygonPath(outlinePoints(size * 0.985))}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="${0.06 * (size / 18)}"/>`,
    ),
  );
  const canvas = new TemplateCanvas(W, W, await scene);
  canvas.darken(await shadow, front ? 0.3 : 0.4);
  const mask = await maskP;
  const p = new Float64Array(2);
  const grid = pillowGrid(size);
  const sampled = new Float64Array(3);
  const layer = canvas.newLayer({ aspect: 1, repeat: 1, pxPerUnit: size * ppi });
  canvas.paintSurface({
    mask,
    color: [246, 246, 244],
    layer,
    shade: (x: number, y: number, out: SurfaceSample): boolean => {
      toWorld.applyTo(x, y, p);
      grid.sample(p[0], p[1], sampled);
      out.m = sampled[2] * (1 + 0.02 * (hash2(x, y) - 0.5));
      out.a = 0;
      out.print = true;
      out.s = sampled[0];
      out.t = sampled[1];
      return true;
    },
  });
  canvas.setOverlay(await overlay);
  return canvas.finish();
}

/** A sofa corner: back cushions, the seat, an arm, and a plain cushion behind the printed one. */
function sofa(): string {
  return `<defs>
      <linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#efebe4"/><stop offset="1" stop-color="#ddd6cb"/></linearGradient>
      <linearGradient id="back" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8e9a91"/><stop offset="1" stop-color="#74827a"/></linearGradient>
      <linearGradient id="seat" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9aa69d"/><stop offset="1" stop-color="#7b887f"/></linearGradient>
      <linearGradient id="arm" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7f8c83"/><stop offset="1" stop-color="#96a298"/></linearGradient>
      <radialGradient id="plain" cx="0.38" cy="0.35" r="0.72"><stop offset="0" stop-color="#e6bc66"/><stop offset="0.7" stop-color="#c99a42"/><stop offset="1" stop-color="#a67a2c"/></radialGradient>
    </defs>
    <rect width="${W}" height="${W}" fill="url(#wall)"/>
    <rect x="0" y="710" width="${W}" height="90" fill="#a7825f"/>
    <rect x="-40" y="150" width="880" height="460" rx="60" fill="url(#back)"/>
    <rect x="380" y="180" width="6" height="400" fill="#000" fill-opacity="0.07"/>
    <rect x="-40" y="560" width="880" height="170" rx="40" fill="url(#seat)"/>
    <path d="M -40 575 C 200 560 600 560 840 575" stroke="#fff" stroke-opacity="0.12" stroke-width="6" fill="none"/>
    <rect x="690" y="330" width="160" height="400" rx="70" fill="url(#arm)"/>
    <path d="M 700 350 C 720 335 780 330 840 335" stroke="#fff" stroke-opacity="0.15" stroke-width="8" fill="none"/>
    <g transform="translate(560 390) rotate(9)">
      <path d="M -140 -140 C -60 -120 60 -120 140 -140 C 120 -60 120 60 140 140 C 60 120 -60 120 -140 140 C -120 60 -120 -60 -140 -140 Z" fill="url(#plain)"/>
    </g>`;
}

/**
 * The pillow's print coordinates and light on a grid over its square, interpolated per pixel:
 * the shape is smooth, and solving the pinch for every pixel would cost ten times as much.
 */
class PillowGrid {
  readonly n = 120;
  readonly data: Float32Array;

  constructor(readonly size: number) {
    const { n } = this;
    this.data = new Float32Array((n + 1) * (n + 1) * 3);
    const fabric = new Float64Array(2);
    const lines = creases(size);
    for (let r = 0; r <= n; r++) {
      for (let c = 0; c <= n; c++) {
        const X = (c / n - 0.5) * size;
        const Y = (r / n - 0.5) * size;
        worldToFabric(X, Y, size, fabric);
        const u = Math.min(1, Math.max(-1, 2 * fabric[0] - 1));
        const v = Math.min(1, Math.max(-1, 2 * fabric[1] - 1));
        const u4 = u * u * u * u;
        const v4 = v * v * v * v;
        // Dome z = (1 − u⁴)(1 − v⁴): its slope lights the pillow from the upper left.
        let gx = 4 * u * u * u * (1 - v4) * -0.45;
        let gy = 4 * v * v * v * (1 - u4) * -0.45;
        let crease = 0;
        for (const { from, to, amp, width } of lines) {
          const dx = to[0] - from[0];
          const dy = to[1] - from[1];
          const along = ((X - from[0]) * dx + (Y - from[1]) * dy) / (dx * dx + dy * dy);
          if (along < 0 || along > 1) continue;
          const px = X - (from[0] + along * dx);
          const py = Y - (from[1] + along * dy);
          const g = amp * (1 - along) * Math.exp(-(px * px + py * py) / (2 * width * width));
          crease += g;
          gx += (-g * px) / (width * width);
          gy += (-g * py) / (width * width);
        }
        const facing = 0.45 * gx + 0.55 * gy;
        const rim = Math.max(Math.abs(u), Math.abs(v));
        const m =
          (0.94 + 0.9 * facing + 0.8 * crease) *
          (0.7 + 0.3 * (1 - rim ** 5)) *
          (1 + 0.02 * (valueNoise(X * 3, Y * 3) - 0.5));
        const i = (r * (n + 1) + c) * 3;
        this.data[i] = (u + DOME * (u * u * u - u) + 1) / 2 + 0.004 * gx;
        this.data[i + 1] = (v + DOME * (v * v * v - v) + 1) / 2 + 0.004 * gy;
        this.data[i + 2] = m;
      }
    }
  }

  sample(X: number, Y: number, out: Float64Array): void {
    const { n, data } = this;
    let fx = (X / this.size + 0.5) * n;
    let fy = (Y / this.size + 0.5) * n;
    fx = fx < 0 ? 0 : fx > n - 0.0001 ? n - 0.0001 : fx;
    fy = fy < 0 ? 0 : fy > n - 0.0001 ? n - 0.0001 : fy;
    const c = fx | 0;
    const r = fy | 0;
    const ax = fx - c;
    const ay = fy - r;
    const i = (r * (n + 1) + c) * 3;
    const j = i + (n + 1) * 3;
    for (let k = 0; k < 3; k++) {
      const top = data[i + k] + (data[i + 3 + k] - data[i + k]) * ax;
      const bottom = data[j + k] + (data[j + 3 + k] - data[j + k]) * ax;
      out[k] = top + (bottom - top) * ay;
    }
  }
}

const grids = new Map<number, PillowGrid>();

function pillowGrid(size: number): PillowGrid {
  let grid = grids.get(size);
  if (!grid) {
    grid = new PillowGrid(size);
    grids.set(size, grid);
  }
  return grid;
}

import {
  TemplateCanvas,
  hash2,
  hexToRgb,
  luminance,
  rasterize,
  rasterizeMask,
  softMask,
  valueNoise,
  type SurfaceSample,
  type ViewTemplate,
} from '../template.js';
import { studioBackdrop } from '../backdrops.js';
import { MOCKUP_SIZE, type ViewContext, type ViewDefinition } from '../views.js';

/**
 * Garments seen from the front as on an invisible mannequin, in world units (inches, y down,
 * origin at the top of the back collar). The fabric's folds are a height field made of soft
 * ridges; its slope lights the cloth and displaces the print, so the print follows the folds.
 */

type Point = readonly [number, number];

interface Ridge {
  from: Point;
  to: Point;
  /** Height at the crest, inches (negative: a crease). */
  amp: number;
  /** Gaussian half-width, inches. */
  width: number;
}

interface Garment {
  id: string;
  /** Silhouette, including what shows of the inside: SVG shapes (any fill). */
  silhouette: string;
  /** The inside that shows at the neck (or the hood's lining): SVG shapes, in shade, never printed. */
  inside: string;
  ridges: Ridge[];
  /** Chest print area. */
  print: { x: number; y: number; width: number; height: number };
  /** Seams and trims drawn over the cloth; `tone` is the cloth colour's luminance. */
  details: (color: string, tone: number, closeUp: boolean) => string;
  /** Knit structure such as ribbing: a light multiplier at world (x, y). */
  texture?: (x: number, y: number) => number;
  /** World box that the front view frames. */
  frame: { x0: number; y0: number; x1: number; y1: number };
  /** How the cloth takes light: heavier fleece has softer, broader folds. */
  foldLight: number;
  /** Woven canvas shows its threads; knits only a fine grain. */
  weave?: boolean;
  /** Light reaching the inside parts (1 = as lit as the outside). */
  insideLight?: number;
}

const W = MOCKUP_SIZE;

/** Builds a closed symmetric outline from the right half's cubic segments (start point, then [c1, c2, end]…). */
function symmetric(start: Point, segments: Array<[Point, Point, Point]>): string {
  const f = (p: Point) => `${p[0].toFixed(2)} ${p[1].toFixed(2)}`;
  const m = (p: Point): Point => [-p[0], p[1]];
  let d = `M ${f(start)}`;
  for (const [c1, c2, end] of segments) d += ` C ${f(c1)} ${f(c2)} ${f(end)}`;
  const points: Point[] = [start, ...segments.map((s) => s[2])];
  for (let i = segments.length - 1; i >= 0; i--) {
    const [c1, c2] = segments[i];
    d += ` C ${f(m(c2))} ${f(m(c1))} ${f(m(points[i]))}`;
  }
  return `${d} Z`;
}

const line = (a: Point, b: Point): [Point, Point, Point] => [
  [a[0] + (b[0] - a[0]) / 3, a[1] + (b[1] - a[1]) / 3],
  [a[0] + (2 * (b[0] - a[0])) / 3, a[1] + (2 * (b[1] - a[1])) / 3],
  b,
];

const path = (d: string) => `<path d="${d}"/>`;

/**
 * A line of stitches. Dashes cost librsvg several milliseconds a path and are three pixels
 * long in a whole-garment view, where a faint solid line reads the same; close-ups dash.
 */
const stitchPath = (d: string, width: number, closeUp: boolean) =>
  closeUp
    ? `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="${width}" stroke-dasharray="0.11 0.07"/>`
    : `<path d="${d}" fill="none" stroke="#000" stroke-opacity="0.17" stroke-width="${width}"/>`;

const ridge = (from: Point, to: Point, amp: number, width: number): Ridge => ({ from, to, amp, width });

// ---------------------------------------------------------------- t-shirt

const TEE: Garment = {
  id: 'tee',
  silhouette: path(
    symmetric(
      [0, 0.55],
      [
        [
          [1.6, 0.55],
          [2.9, 0.45],
          [3.5, 0.25],
        ],
        [
          [5.5, 0.85],
          [7.5, 1.35],
          [9.3, 1.9],
        ],
        [
          [10.6, 2.4],
          [11.7, 3.6],
          [12.3, 5.0],
        ],
        line([12.3, 5.0], [13.8, 8.2]),
        [
          [12.9, 8.95],
          [11.95, 9.65],
          [11.05, 10.15],
        ],
        [
          [10.7, 9.8],
          [10.35, 9.45],
          [10.05, 9.35],
        ],
        [
          [10.0, 14],
          [10.2, 22],
          [10.5, 28.3],
        ],
        [
          [7.0, 28.6],
          [3.5, 28.8],
          [0, 28.8],
        ],
      ],
    ),
  ),
  inside: path(
    'M -3.5 0.25 C -3.0 1.9 -1.9 3.0 0 3.0 C 1.9 3.0 3.0 1.9 3.5 0.25 C 2.9 0.8 1.6 1.15 0 1.15 C -1.6 1.15 -2.9 0.8 -3.5 0.25 Z',
  ),
  ridges: [
    ridge([9.7, 9.8], [5.6, 13.4], 0.2, 0.45),
    ridge([9.9, 11.8], [6.6, 16.2], 0.13, 0.4),
    ridge([-9.6, 9.9], [-6.0, 12.9], 0.18, 0.45),
    ridge([-9.8, 12.2], [-7.2, 16.6], 0.11, 0.4),
    ridge([4.3, 19.5], [4.7, 28.6], 0.2, 0.55),
    ridge([5.1, 20.5], [5.5, 28.6], -0.1, 0.3),
    ridge([-3.6, 21], [-3.9, 28.7], 0.16, 0.5),
    ridge([8.1, 21.5], [8.7, 28.4], 0.12, 0.45),
    ridge([-7.8, 18.5], [-8.4, 28.4], 0.16, 0.5),
    ridge([0.9, 23.5], [0.6, 28.8], 0.09, 0.45),
    ridge([11.0, 4.4], [12.4, 9.4], 0.15, 0.4),
    ridge([-11.2, 4.8], [-12.7, 8.9], 0.14, 0.4),
    ridge([-7, 6.6], [7, 6.9], 0.06, 1.2),
    ridge([-2.5, 15.5], [3.5, 16.5], 0.05, 1.0),
    ridge([-6.8, 9.2], [1.5, 12.8], 0.09, 0.7),
    ridge([0.5, 5.2], [6.8, 8.6], 0.06, 0.6),
    ridge([-1.5, 12.5], [5.5, 18.5], -0.05, 0.5),
  ],
  print: { x: -6, y: 4.3, width: 12, height: 16 },
  frame: { x0: -14.6, y0: -0.6, x1: 14.6, y1: 29.6 },
  foldLight: 1.7,
  details: (_color, _tone, closeUp) => {
    const stitch = (d: string) => stitchPath(d, 0.035, closeUp);
    const seam = (d: string, o = 0.18) =>
      `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${o}" stroke-width="0.06"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="${o * 0.6}" stroke-width="0.05" transform="translate(0.06 0.04)"/>`;
    const collarSeam = 'M -4.25 0.45 C -3.75 2.6 -2.2 3.85 0 3.85 C 2.2 3.85 3.75 2.6 4.25 0.45';
    const neckline = 'M -3.5 0.25 C -3.0 1.9 -1.9 3.0 0 3.0 C 1.9 3.0 3.0 1.9 3.5 0.25';
    return `
      <path d="${neckline} L 4.25 0.45 C 3.75 2.6 2.2 3.85 0 3.85 C -2.2 3.85 -3.75 2.6 -4.25 0.45 Z" fill="#000" fill-opacity="0.04"/>
      ${seam(collarSeam, 0.22)}
      ${stitch('M -4.1 0.75 C -3.6 2.75 -2.15 4.0 0 4.0 C 2.15 4.0 3.6 2.75 4.1 0.75')}
      <path d="${neckline}" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="0.07"/>
      <path d="M -3.1 0.62 C -2.4 1.0 -1.5 1.2 0 1.2 C 1.5 1.2 2.4 1.0 3.1 0.62" fill="none" stroke="#000" stroke-opacity="0.18" stroke-width="0.3"/>
      <rect x="-0.9" y="1.35" width="1.8" height="0.9" rx="0.08" fill="#fff" fill-opacity="0.55"/>
      ${seam('M 9.3 1.9 C 9.9 4.2 10.0 7.0 10.05 9.35')}${seam('M -9.3 1.9 C -9.9 4.2 -10.0 7.0 -10.05 9.35')}
      ${stitch('M 13.35 7.3 C 12.5 8.05 11.6 8.7 10.75 9.15')}${stitch('M -13.35 7.3 C -12.5 8.05 -11.6 8.7 -10.75 9.15')}
      ${stitch('M -10.45 27.5 C -7 27.85 -3.5 28.0 0 28.0 C 3.5 28.0 7 27.85 10.45 27.5')}`;
  },
};

// ---------------------------------------------------------------- hoodie

const HOOD_LINING =
  'M -4.3 1.3 C -6.0 -0.3 -5.8 -3.0 -3.7 -3.6 C -1.6 -4.05 1.6 -4.05 3.7 -3.6 C 5.8 -3.0 6.0 -0.3 4.3 1.3 C 3.0 2.3 1.5 3.3 0 4.35 C -1.5 3.3 -3.0 2.3 -4.3 1.3 Z';

const HOODIE: Garment = {
  id: 'hoodie',
  silhouette:
    path(HOOD_LINING) +
    path('M -5.0 1.3 C -7.7 0.3 -8.1 -3.3 -5.3 -4.5 C -2.9 -5.3 2.9 -5.3 5.3 -4.5 C 8.1 -3.3 7.7 0.3 5.0 1.3 Z') +
    path(
      symmetric(
        [0, 4.4],
        [
          [
            [1.6, 3.2],
            [3.2, 1.7],
            [4.5, 0.95],
          ],
          [
            [6.6, 1.4],
            [8.6, 1.95],
            [10.3, 2.6],
          ],
          [
            [11.7, 3.3],
            [12.5, 4.7],
            [12.9, 6.3],
          ],
          line([12.9, 6.3], [14.1, 20.6]),
          line([14.1, 20.6], [14.25, 23.7]),
          line([14.25, 23.7], [11.75, 23.9]),
          line([11.75, 23.9], [11.65, 20.9]),
          [
            [11.4, 16],
            [11.2, 12],
            [11.0, 10.0],
          ],
          [
            [10.9, 15],
            [11.0, 21],
            [11.1, 24.8],
          ],
          line([11.1, 24.8], [10.7, 27.7]),
          [
            [7.0, 27.95],
            [3.5, 28.05],
            [0, 28.05],
          ],
        ],
      ),
    ),
  inside: path(HOOD_LINING),
  ridges: [
    ridge([10.4, 10.2], [6.2, 13.6], 0.24, 0.65),
    ridge([-10.3, 10.4], [-6.6, 13.2], 0.22, 0.65),
    ridge([10.6, 13], [8.0, 16.4], 0.12, 0.55),
    ridge([12.3, 7.5], [13.1, 19.5], 0.2, 0.55),
    ridge([-12.4, 7.8], [-13.2, 19.3], 0.2, 0.55),
    ridge([11.9, 19.4], [14.0, 19.9], 0.16, 0.35),
    ridge([11.8, 18.2], [13.9, 18.6], -0.1, 0.25),
    ridge([-11.9, 19.6], [-14.0, 20.1], 0.16, 0.35),
    ridge([-11.8, 18.4], [-13.9, 18.7], -0.1, 0.25),
    ridge([-7, 6.8], [7, 7.2], 0.08, 1.4),
    ridge([-8.8, 16.5], [-9.6, 24.5], 0.12, 0.6),
    ridge([9.2, 16.0], [9.9, 24.5], 0.12, 0.6),
    ridge([-5.8, 17.4], [5.8, 17.4], 0.14, 0.5),
    ridge([-6.5, 9.5], [0.5, 13.5], 0.08, 0.8),
    ridge([2.5, 6.5], [7.0, 9.5], 0.06, 0.7),
  ],
  print: { x: -5.5, y: 5.5, width: 11, height: 11 },
  frame: { x0: -14.8, y0: -5.8, x1: 14.8, y1: 28.8 },
  foldLight: 1.3,
  texture: (x, y) => {
    const rib = (y > 20.75 && y < 23.9 && Math.abs(x) > 11.65) || y > 24.85;
    return rib ? 1 + 0.07 * Math.cos(x * 39.27) : 1;
  },
  details: (color, tone, closeUp) => {
    const rgb = hexToRgb(color);
    const shadeOf = (k: number) =>
      `rgb(${rgb.map((c) => Math.round(Math.min(255, c * k + (1 - tone) * 18))).join(',')})`;
    const stitch = (d: string) => stitchPath(d, 0.04, closeUp);
    const seam = (d: string, o = 0.2) =>
      `<path d="${d}" fill="none" stroke="#000" stroke-opacity="${o}" stroke-width="0.07"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity="${o * 0.5}" stroke-width="0.05" transform="translate(0.07 0.05)"/>`;
    const string = (x: number, side: number) => {
      const d = `M ${x} 2.75 C ${x + side * 0.15} 5, ${x - side * 0.35} 7.5, ${x + side * 0.2} 10.4`;
      const tip = `M ${x + side * 0.2} 10.4 L ${x + side * 0.24} 11.3`;
      return `<path d="${d}" fill="none" stroke="${shadeOf(0.62)}" stroke-width="0.34" stroke-linecap="round" transform="translate(0.08 0.1)" stroke-opacity="0.5"/>
        <path d="${d}" fill="none" stroke="${shadeOf(0.92)}" stroke-width="0.3" stroke-linecap="round"/>
        <path d="${d}" fill="none" stroke="#fff" stroke-opacity="0.18" stroke-width="0.1" transform="translate(-0.06 0)"/>
        <path d="${tip}" fill="none" stroke="#d9d6d0" stroke-width="0.26" stroke-linecap="round"/>
        <path d="${tip}" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="0.07" transform="translate(-0.05 0)"/>`;
    };
    const pocket =
      'M -5.9 17.3 L 5.9 17.3 C 6.6 19.6 7.3 22.2 7.9 24.75 L -7.9 24.75 C -7.3 22.2 -6.6 19.6 -5.9 17.3 Z';
    return `
      ${seam('M 11.7 20.9 L 14.1 20.6')}${seam('M -11.7 20.9 L -14.1 20.6')}
      ${seam('M -11.1 24.8 L 11.1 24.8', 0.24)}
      <path d="${pocket}" fill="#000" fill-opacity="0.025"/>
      ${stitch('M -5.9 17.55 L 5.9 17.55')}${stitch('M -5.9 17.75 L 5.9 17.75')}
      <path d="M 5.9 17.3 C 6.6 19.6 7.3 22.2 7.9 24.75" fill="none" stroke="#000" stroke-opacity="0.34" stroke-width="0.09"/>
      <path d="M -5.9 17.3 C -6.6 19.6 -7.3 22.2 -7.9 24.75" fill="none" stroke="#000" stroke-opacity="0.34" stroke-width="0.09"/>
      <path d="M 6.05 17.4 C 6.75 19.7 7.45 22.2 8.05 24.7" fill="none" stroke="#fff" stroke-opacity="0.16" stroke-width="0.08"/>
      <path d="M -6.05 17.4 C -6.75 19.7 -7.45 22.2 -8.05 24.7" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="0.3"/>
      <path d="M 5.55 17.35 C 6.25 19.6 6.95 22.2 7.5 24.7" fill="none" stroke="#000" stroke-opacity="0.1" stroke-width="0.45"/>
      ${stitch('M 5.6 17.9 C 6.25 20 6.9 22.3 7.45 24.6')}${stitch('M -5.6 17.9 C -6.25 20 -6.9 22.3 -7.45 24.6')}
      ${seam('M 10.3 2.6 C 10.9 5 11.0 7.6 11.0 10.0')}${seam('M -10.3 2.6 C -10.9 5 -11.0 7.6 -11.0 10.0')}
      <path d="M -4.3 1.3 C -6.0 -0.3 -5.8 -3.0 -3.7 -3.6 C -1.6 -4.05 1.6 -4.05 3.7 -3.6 C 5.8 -3.0 6.0 -0.3 4.3 1.3 C 3.0 2.3 1.5 3.3 0 4.35 C -1.5 3.3 -3.0 2.3 -4.3 1.3 Z" fill="none" stroke="#000" stroke-opacity="0.3" stroke-width="0.08"/>
      <path d="M -3.8 1.1 C -5.3 -0.4 -5.1 -2.7 -3.4 -3.2 C -1.5 -3.6 1.5 -3.6 3.4 -3.2" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="0.35"/>
      <path d="M 0 4.35 C 1.1 3.4 2.2 2.5 3.1 1.8" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="0.12"/>
      <ellipse cx="-1.25" cy="2.75" rx="0.17" ry="0.2" fill="#000" fill-opacity="0.45"/>
      <ellipse cx="1.25" cy="2.75" rx="0.17" ry="0.2" fill="#000" fill-opacity="0.45"/>
      ${string(-1.25, -1)}${string(1.25, 1)}`;
  },
};

// ---------------------------------------------------------------- tote bag

const FRONT_STRAP = 'M -3.6 0.7 C -3.9 -6.6 -2.2 -10.5 0 -10.6 C 2.2 -10.5 3.9 -6.6 3.6 0.7';
const BACK_STRAP = 'M -3.3 0.2 C -3.1 -5.9 -1.5 -9.3 0.35 -9.4 C 2.2 -9.3 3.7 -5.9 3.9 0.2';

const TOTE: Garment = {
  id: 'tote',
  silhouette:
    path('M -7.5 0 L 7.5 0 C 7.7 5 7.9 10.5 7.8 15.75 C 3 15.95 -3 15.95 -7.8 15.75 C -7.9 10.5 -7.7 5 -7.5 0 Z') +
    `<path d="${BACK_STRAP}" fill="none" stroke="#000" stroke-width="1"/>`,
  inside: `<path d="${BACK_STRAP}" fill="none" stroke="#000" stroke-width="1.02"/>`,
  ridges: [
    ridge([-3.6, 0.8], [-4.9, 6.2], 0.13, 0.4),
    ridge([-3.2, 1.0], [-2.0, 5.2], 0.08, 0.35),
    ridge([3.6, 0.8], [4.7, 6.6], 0.13, 0.4),
    ridge([3.2, 1.0], [2.1, 4.8], 0.08, 0.35),
    ridge([-6.0, 1.6], [6.0, 1.8], -0.05, 0.7),
    ridge([-6.8, 3.0], [-7.0, 14.5], 0.1, 0.6),
    ridge([6.9, 4.0], [7.1, 14.5], 0.1, 0.6),
    ridge([-4.0, 9.0], [-3.0, 15.5], 0.06, 0.8),
    ridge([2.5, 10.0], [3.8, 15.5], 0.05, 0.8),
  ],
  print: { x: -5.6, y: 2.7, width: 11.2, height: 11.2 },
  frame: { x0: -9.2, y0: -11.6, x1: 9.2, y1: 16.6 },
  foldLight: 1.5,
  weave: true,
  insideLight: 0.8,
  details: (color, tone, closeUp) => {
    const rgb = hexToRgb(color);
    const shadeOf = (k: number) =>
      `rgb(${rgb.map((c) => Math.round(Math.min(255, c * k + (1 - tone) * 16))).join(',')})`;
    const stitch = (d: string) => stitchPath(d, 0.04, closeUp);
    const box = (x: number) =>
      stitchPath(
        `M ${x - 0.42} 0.25 L ${x + 0.42} 0.25 L ${x + 0.42} 1.1 L ${x - 0.42} 1.1 Z M ${x - 0.42} 0.25 L ${x + 0.42} 1.1 M ${x + 0.42} 0.25 L ${x - 0.42} 1.1`,
        0.04,
        closeUp,
      );
    return `
      <path d="M -7.5 0 L 7.5 0" stroke="#000" stroke-opacity="0.25" stroke-width="0.08"/>
      ${stitch('M -7.5 1.0 L 7.5 1.0')}
      <path d="M -7.8 15.7 C -3 15.9 3 15.9 7.8 15.7" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="0.12"/>
      <path d="${FRONT_STRAP}" fill="none" stroke="#000" stroke-opacity="0.22" stroke-width="1.12" transform="translate(0.1 0.12)"/>
      <path d="${FRONT_STRAP}" fill="none" stroke="${shadeOf(0.86)}" stroke-width="1.02"/>
      <path d="${FRONT_STRAP}" fill="none" stroke="${shadeOf(0.97)}" stroke-width="0.8"/>
      <path d="${FRONT_STRAP}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="0.25" transform="translate(-0.12 -0.05)"/>
      ${stitchPath(FRONT_STRAP, 0.86, closeUp)}
      <path d="${FRONT_STRAP}" fill="none" stroke="${shadeOf(0.95)}" stroke-width="0.76"/>
      ${box(-3.6)}${box(3.6)}`;
  },
};

// ---------------------------------------------------------------- views

export function teeViews(context: ViewContext): ViewDefinition[] {
  return garmentViews(TEE, context);
}

export function hoodieViews(context: ViewContext): ViewDefinition[] {
  return garmentViews(HOODIE, context);
}

export function toteViews(context: ViewContext): ViewDefinition[] {
  return garmentViews(TOTE, context, 'Close-up');
}

function garmentViews(garment: Garment, { variant }: ViewContext, detailLabel = 'Print close-up'): ViewDefinition[] {
  const color = variant.color_code ?? '#ffffff';
  const heather = /heather|sport grey/i.test(variant.color ?? '');
  const id = `${garment.id}:${color}:${heather ? 'h' : ''}`;
  return [
    {
      placement: 'front',
      label: 'Front',
      key: `${id}:front`,
      build: () => buildGarment(garment, color, heather, 'front'),
    },
    {
      placement: 'detail',
      label: detailLabel,
      key: `${id}:detail`,
      build: () => buildGarment(garment, color, heather, 'detail'),
    },
  ];
}

/** The fold height field's slope, sampled on a grid and interpolated per pixel. */
class FoldField {
  readonly step = 0.2;
  readonly cols: number;
  readonly rows: number;
  readonly gx: Float32Array;
  readonly gy: Float32Array;
  readonly h: Float32Array;

  constructor(
    readonly x0: number,
    readonly y0: number,
    x1: number,
    y1: number,
    ridges: Ridge[],
  ) {
    this.cols = Math.ceil((x1 - x0) / this.step) + 2;
    this.rows = Math.ceil((y1 - y0) / this.step) + 2;
    const n = this.cols * this.rows;
    this.h = new Float32Array(n);
    this.gx = new Float32Array(n);
    this.gy = new Float32Array(n);
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const x = x0 + c * this.step;
        const y = y0 + r * this.step;
        let h = 0.12 * (valueNoise(x / 3.5 + 11, y / 3.5 + 7) - 0.5);
        for (const { from, to, amp, width } of ridges) {
          const dx = to[0] - from[0];
          const dy = to[1] - from[1];
          const len2 = dx * dx + dy * dy;
          const u = ((x - from[0]) * dx + (y - from[1]) * dy) / len2;
          if (u < -0.15 || u > 1.15) continue;
          const uc = u < 0 ? 0 : u > 1 ? 1 : u;
          const px = from[0] + uc * dx - x;
          const py = from[1] + uc * dy - y;
          const taper = Math.sin(Math.PI * Math.min(1, Math.max(0, (u + 0.15) / 1.3)));
          h += amp * taper * Math.exp(-(px * px + py * py) / (2 * width * width));
        }
        this.h[r * this.cols + c] = h;
      }
    }
    for (let r = 1; r < this.rows - 1; r++) {
      for (let c = 1; c < this.cols - 1; c++) {
        const i = r * this.cols + c;
        this.gx[i] = (this.h[i + 1] - this.h[i - 1]) / (2 * this.step);
        this.gy[i] = (this.h[i + this.cols] - this.h[i - this.cols]) / (2 * this.step);
      }
    }
  }

  /** Bilinear sample of height and slope at world (x, y) into out[0..2]. */
  sample(x: number, y: number, out: Float32Array): void {
    let fx = (x - this.x0) / this.step;
    let fy = (y - this.y0) / this.step;
    fx = fx < 0 ? 0 : fx > this.cols - 1.001 ? this.cols - 1.001 : fx;
    fy = fy < 0 ? 0 : fy > this.rows - 1.001 ? this.rows - 1.001 : fy;
    const c = fx | 0;
    const r = fy | 0;
    const ax = fx - c;
    const ay = fy - r;
    const i = r * this.cols + c;
    const j = i + this.cols;
    const w00 = (1 - ax) * (1 - ay);
    const w01 = ax * (1 - ay);
    const w10 = (1 - ax) * ay;
    const w11 = ax * ay;
    out[0] = this.h[i] * w00 + this.h[i + 1] * w01 + this.h[j] * w10 + this.h[j + 1] * w11;
    out[1] = this.gx[i] * w00 + this.gx[i + 1] * w01 + this.gx[j] * w10 + this.gx[j + 1] * w11;
    out[2] = this.gy[i] * w00 + this.gy[i + 1] * w01 + this.gy[j] * w10 + this.gy[j + 1] * w11;
  }
}

const fieldCache = new Map<string, FoldField>();

function foldField(garment: Garment): FoldField {
  let field = fieldCache.get(garment.id);
  if (!field) {
    const { x0, y0, x1, y1 } = garment.frame;
    field = new FoldField(x0, y0, x1, y1, garment.ridges);
    fieldCache.set(garment.id, field);
  }
  return field;
}

interface GarmentShapes {
  /** The backdrop with the garment's shadow on it. */
  backdrop: Uint8Array;
  mask: Uint8Array;
  inside: Uint8Array;
  /** The silhouette blurred: cloth turning away at the edges reads as soft edge shading. */
  edge: Uint8Array;
}

// Colours of one garment share its shapes, and the seams when they are drawn colour-free.
const shapesCache = new Map<string, Promise<GarmentShapes>>();
const overlayCache = new Map<string, Promise<Uint8Array>>();

function garmentShapes(
  garment: Garment,
  kind: string,
  group: (body: string) => string,
  ppi: number,
): Promise<GarmentShapes> {
  const key = `${garment.id}:${kind}`;
  let shapes = shapesCache.get(key);
  if (!shapes) {
    const outline = garment.silhouette;
    shapes = Promise.all([
      softMask(W, W, group(`<g transform="translate(0.25 0.45)">${outline}</g>`), 0.5 * ppi),
      rasterizeMask(W, W, group(outline)),
      rasterizeMask(W, W, group(garment.inside)),
      softMask(W, W, group(outline), 0.45 * ppi),
    ]).then(([shadow, mask, inside, edge]) => {
      const canvas = new TemplateCanvas(W, W, studioBackdrop(W, W));
      canvas.darken(shadow, 0.3);
      return { backdrop: canvas.base, mask, inside, edge };
    });
    shapesCache.set(key, shapes);
    shapes.catch(() => shapesCache.delete(key));
  }
  return shapes;
}

function rasterizeOnce(svg: string): Promise<Uint8Array> {
  let overlay = overlayCache.get(svg);
  if (!overlay) {
    overlay = rasterize(W, W, svg);
    overlayCache.set(svg, overlay);
    overlay.catch(() => overlayCache.delete(svg));
  }
  return overlay;
}

async function buildGarment(
  garment: Garment,
  color: string,
  heather: boolean,
  kind: 'front' | 'detail',
): Promise<ViewTemplate> {
  const f = garment.frame;
  const fitPpi = Math.min((W * 0.9) / (f.x1 - f.x0), (W * 0.92) / (f.y1 - f.y0));
  const print = garment.print;
  const ppi = kind === 'front' ? fitPpi : fitPpi * 2.5;
  const centre =
    kind === 'front'
      ? { x: 0, y: (f.y0 + f.y1) / 2 }
      : { x: 0, y: print.y + Math.min(print.width, print.height) * 0.42 };
  const cx = W / 2 - centre.x * ppi;
  const cy = W / 2 - centre.y * ppi;
  const group = (body: string) => `<g transform="translate(${cx} ${cy}) scale(${ppi})">${body}</g>`;
  const rgb = hexToRgb(color);
  const tone = luminance(rgb);

  const shapes = garmentShapes(garment, kind, group, ppi);
  const overlay = rasterizeOnce(group(garment.details(color, tone, kind === 'detail')));
  const { backdrop, mask, inside, edge } = await shapes;
  const canvas = new TemplateCanvas(W, W, backdrop.slice());
  const field = foldField(garment);
  const sampled = new Float32Array(3);
  const light = garment.foldLight;
  const dark = 1 - tone;
  const sheen = 70 * dark * dark;
  const lift = 16 * dark;
  const grainScale = kind === 'detail' ? 1 : 0.6;
  const layer = canvas.newLayer({
    aspect: print.width / print.height,
    repeat: 1,
    pxPerUnit: print.width * ppi,
  });
  const weave = garment.weave ?? false;
  const texture = garment.texture;
  const insideLight = garment.insideLight ?? 0.58;
  const displacement = 0.5;
  canvas.paintSurface({
    mask,
    color: rgb,
    layer,
    shade: (x: number, y: number, out: SurfaceSample): boolean => {
      const X = (x - cx) / ppi;
      const Y = (y - cy) / ppi;
      field.sample(X, Y, sampled);
      const h = sampled[0];
      const gx = sampled[1];
      const gy = sampled[2];
      const facing = 0.45 * gx + 0.6 * gy;
      const i = (y | 0) * W + (x | 0);
      const e = edge[i] / 255;
      const isInside = inside[i] > 127;
      let m =
        (1 + light * facing + 0.6 * Math.min(0, h)) * (0.74 + 0.26 * Math.min(1, e * 1.6)) * (1.02 - 0.05 * (Y / 28));
      const grain = hash2(x, y) - 0.5;
      m *= 1 + grainScale * 0.03 * grain + (heather ? 0.14 * (hash2(x * 3.1, y * 1.3) - 0.5) : 0);
      if (texture) m *= texture(X, Y);
      if (weave) m *= 1 + 0.035 * (valueNoise(X * 40, Y * 3) - 0.5) + 0.035 * (valueNoise(X * 3 + 40, Y * 40) - 0.5);
      if (isInside) m *= insideLight;
      out.m = m;
      out.a = lift * m + sheen * Math.max(0, facing);
      if (!isInside) {
        const s = (X + displacement * gx - print.x) / print.width;
        const t = (Y + displacement * gy - print.y) / print.height;
        if (s >= 0 && s <= 1 && t >= 0 && t <= 1) {
          out.print = true;
          out.s = s;
          out.t = t;
        }
      }
      return true;
    },
  });
  canvas.setOverlay(await overlay);
  return canvas.finish();
}

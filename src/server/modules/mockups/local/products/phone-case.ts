import { Affine, band, smoothstep } from '../geometry.js';
import { studioBackdrop } from '../backdrops.js';
import {
  TemplateCanvas,
  hash2,
  rasterize,
  rasterizeMask,
  softMask,
  type SurfaceSample,
  type ViewTemplate,
} from '../template.js';
import { MOCKUP_SIZE, type ViewContext, type ViewDefinition } from '../views.js';

/**
 * A tough case seen from the back, in its own plane's inches (origin at the case's top-left
 * as seen from behind, y down). The print covers the whole back; the camera cut-out shows the
 * phone's camera through it.
 */
interface CaseModel {
  id: string;
  width: number;
  height: number;
  radius: number;
  /** The cut-out in the case. */
  cutout: { x: number; y: number; width: number; height: number; radius: number };
  /** The phone's camera, drawn inside the cut-out. */
  camera: (bodyColor: string) => string;
}

const lens = (cx: number, cy: number, r: number) => `
  <circle cx="${cx}" cy="${cy}" r="${r}" fill="#3a3a3e"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.92}" fill="#18181b"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.78}" fill="url(#glass)"/>
  <circle cx="${cx}" cy="${cy}" r="${r * 0.34}" fill="#05070d"/>
  <circle cx="${cx - r * 0.28}" cy="${cy - r * 0.3}" r="${r * 0.13}" fill="#fff" fill-opacity="0.55"/>
  <circle cx="${cx + r * 0.22}" cy="${cy + r * 0.25}" r="${r * 0.07}" fill="#9fc2ff" fill-opacity="0.45"/>`;

const flash = (cx: number, cy: number, r: number) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#e9e4d3"/><circle cx="${cx}" cy="${cy}" r="${r * 0.7}" fill="#f6efd6"/>`;

const bump = (x: number, y: number, w: number, h: number, r: number, color: string) => `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${color}"/>
  <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="url(#frost)"/>`;

const IPHONE_DUAL = (bodyColor: string) =>
  bump(0.24, 0.24, 1.26, 1.26, 0.3, bodyColor) +
  lens(0.58, 0.58, 0.25) +
  lens(1.16, 1.16, 0.25) +
  flash(1.17, 0.55, 0.09);

const MODELS: Record<string, CaseModel> = {
  'iPhone 15': {
    id: 'iphone15',
    width: 2.98,
    height: 6.0,
    radius: 0.52,
    cutout: { x: 0.16, y: 0.16, width: 1.42, height: 1.42, radius: 0.36 },
    camera: IPHONE_DUAL,
  },
  'iPhone 14': {
    id: 'iphone14',
    width: 2.96,
    height: 5.96,
    radius: 0.5,
    cutout: { x: 0.16, y: 0.16, width: 1.42, height: 1.42, radius: 0.36 },
    camera: IPHONE_DUAL,
  },
  'iPhone 12 mini': {
    id: 'iphone12mini',
    width: 2.7,
    height: 5.35,
    radius: 0.46,
    cutout: { x: 0.15, y: 0.15, width: 1.2, height: 1.2, radius: 0.3 },
    camera: (c) =>
      bump(0.21, 0.21, 1.08, 1.08, 0.26, c) + lens(0.5, 0.5, 0.2) + lens(0.5, 1.0, 0.2) + flash(1.0, 0.52, 0.08),
  },
  'iPhone 15 Pro': {
    id: 'iphone15pro',
    width: 2.94,
    height: 5.9,
    radius: 0.5,
    cutout: { x: 0.14, y: 0.14, width: 1.62, height: 1.68, radius: 0.38 },
    camera: (c) =>
      bump(0.2, 0.2, 1.5, 1.56, 0.34, c) +
      lens(0.58, 0.6, 0.27) +
      lens(0.58, 1.35, 0.27) +
      lens(1.3, 0.98, 0.27) +
      flash(1.34, 0.45, 0.09) +
      '<circle cx="1.36" cy="1.5" r="0.1" fill="#111"/>',
  },
  'Samsung Galaxy S24': {
    id: 's24',
    width: 2.93,
    height: 5.95,
    radius: 0.42,
    cutout: { x: 0.3, y: 0.28, width: 0.62, height: 1.98, radius: 0.31 },
    camera: () => lens(0.61, 0.6, 0.24) + lens(0.61, 1.27, 0.24) + lens(0.61, 1.94, 0.24) + flash(1.2, 0.55, 0.07),
  },
};

export function phoneCaseViews({ variant }: ViewContext): ViewDefinition[] {
  const model = MODELS[variant.size ?? ''] ?? MODELS['iPhone 15'];
  return [
    { placement: 'back', label: 'Back', key: `case:${model.id}:back`, build: () => buildCase(model, 'back') },
    { placement: 'angle', label: 'Side', key: `case:${model.id}:angle`, build: () => buildCase(model, 'angle') },
  ];
}

const W = MOCKUP_SIZE;

/** Signed distance to a rounded rectangle (negative inside). */
function roundedRectDistance(x: number, y: number, w: number, h: number, r: number): number {
  const qx = Math.abs(x - w / 2) - (w / 2 - r);
  const qy = Math.abs(y - h / 2) - (h / 2 - r);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.sqrt(ox * ox + oy * oy) + Math.min(Math.max(qx, qy), 0) - r;
}

async function buildCase(model: CaseModel, kind: 'back' | 'angle'): Promise<ViewTemplate> {
  const { width: w, height: h, radius: r } = model;
  const angled = kind === 'angle';
  const ppi = angled ? 560 / h : 650 / h;
  const rotation = angled ? -0.32 : 0;
  const squash = angled ? 0.8 : 1;
  // Centre the case: its middle goes to the canvas middle.
  const centred = Affine.of(ppi, 0, 0, rotation, squash);
  const [mx, my] = centred.apply(w / 2, h / 2);
  const toCanvas = Affine.of(ppi, W / 2 - mx - (angled ? 25 : 0), W / 2 - my, rotation, squash);
  const toPlane = toCanvas.inverse();
  const plane = (body: string) => `<g transform="${toCanvas.svg()}">${body}</g>`;
  const outline = `<rect x="0" y="0" width="${w}" height="${h}" rx="${r}"/>`;
  // The case's thickness, seen on the side turned towards the viewer.
  const depth: [number, number] = angled ? [0.32 * ppi, 0.1 * ppi] : [0, 0];

  const shadow = softMask(
    W,
    W,
    `<g transform="translate(${depth[0] + 0.1 * ppi} ${depth[1] + 0.18 * ppi})">${plane(outline)}</g>`,
    0.16 * ppi,
  );
  const sides = angled ? rasterize(W, W, sideSvg(model, plane, depth)) : undefined;
  const maskP = rasterizeMask(W, W, plane(outline));
  const overlay = rasterize(W, W, plane(cameraSvg(model)));

  const canvas = new TemplateCanvas(W, W, studioBackdrop(W, W));
  canvas.darken(await shadow, 0.35);
  if (sides) canvas.draw(await sides);
  const mask = await maskP;
  const p = new Float64Array(2);
  const layer = canvas.newLayer({ aspect: w / h, repeat: 1, pxPerUnit: w * ppi * squash });
  canvas.paintSurface({
    mask,
    color: [245, 245, 245],
    layer,
    shade: (x: number, y: number, out: SurfaceSample): boolean => {
      toPlane.applyTo(x, y, p);
      const X = p[0];
      const Y = p[1];
      const d = -roundedRectDistance(X, Y, w, h, r);
      // The back curves into the sides over its last eighth of an inch.
      let m = 0.72 + 0.28 * smoothstep(0, 0.13, d);
      m *= 1.02 - 0.05 * (Y / h) + 0.006 * (hash2(x, y) - 0.5);
      const diagonal = X * 0.82 + Y * 0.4;
      out.m = m;
      out.a =
        46 * band(diagonal, 1.55, 0.18, 0.5) + 18 * band(diagonal, 3.4, 0.5, 0.8) + 60 * band(d, 0.045, 0.012, 0.03);
      out.print = true;
      out.s = X / w;
      out.t = Y / h;
      return true;
    },
  });

  canvas.setOverlay(await overlay);
  return canvas.finish();
}

/** The case's rubber sides, seen where the case is turned: the outline extruded along `depth`. */
function sideSvg(model: CaseModel, plane: (body: string) => string, depth: [number, number]): string {
  const { width: w, height: h, radius: r } = model;
  const steps = 10;
  let side = '';
  for (let i = steps; i >= 1; i--) {
    const k = i / steps;
    const tone = Math.round(22 + 14 * (1 - k));
    side += `<g transform="translate(${(depth[0] * k).toFixed(2)} ${(depth[1] * k).toFixed(2)})">${plane(
      `<rect x="0" y="0" width="${w}" height="${h}" rx="${r}" fill="rgb(${tone},${tone},${tone + 2})"/>`,
    )}</g>`;
  }
  const buttons = [1.3, 1.95, 2.5]
    .map(
      (y, i) =>
        `<rect x="${w - 0.02}" y="${y}" width="0.06" height="${i === 0 ? 0.3 : 0.5}" rx="0.03" fill="#3a3a3c"/>`,
    )
    .join('');
  side += `<g transform="translate(${depth[0]} ${depth[1]})">${plane(buttons)}</g>`;
  side += `<g transform="translate(${depth[0] * 0.5} ${depth[1] * 0.5})">${plane(
    `<rect x="0" y="0" width="${w}" height="${h}" rx="${r}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="0.02"/>`,
  )}</g>`;
  return side;
}

/** The camera seen through the case's cut-out, the cut-out's raised lip, and the case's outer edge. */
function cameraSvg(model: CaseModel): string {
  const { width: w, height: h, radius: r, cutout: c } = model;
  return `
    <defs>
      <radialGradient id="glass" cx="0.4" cy="0.35" r="0.7"><stop offset="0" stop-color="#2b3550"/><stop offset="0.6" stop-color="#0c1020"/><stop offset="1" stop-color="#05060a"/></radialGradient>
      <linearGradient id="frost" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.2"/><stop offset="1" stop-color="#000" stop-opacity="0.15"/></linearGradient>
    </defs>
    <rect x="${c.x - 0.04}" y="${c.y - 0.04}" width="${c.width + 0.08}" height="${c.height + 0.08}" rx="${c.radius + 0.04}" fill="#111"/>
    <rect x="${c.x}" y="${c.y}" width="${c.width}" height="${c.height}" rx="${c.radius}" fill="#1d1d20"/>
    ${model.camera('#cfd3d6')}
    <rect x="${c.x - 0.04}" y="${c.y - 0.04}" width="${c.width + 0.08}" height="${c.height + 0.08}" rx="${c.radius + 0.04}" fill="none" stroke="#fff" stroke-opacity="0.35" stroke-width="0.02"/>
    <rect x="0.01" y="0.01" width="${w - 0.02}" height="${h - 0.02}" rx="${r}" fill="none" stroke="#000" stroke-opacity="0.55" stroke-width="0.025"/>`;
}

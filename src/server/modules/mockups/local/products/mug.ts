import { printAreaOf } from '../../../../../domain/placement.js';
import { band, smoothstep } from '../geometry.js';
import { TemplateCanvas, rasterizeMask, renderScene, type SurfaceSample, type ViewTemplate } from '../template.js';
import { MOCKUP_SIZE, type ViewContext, type ViewDefinition } from '../views.js';

/** Physical mug, inches. The print wraps the body except for a gap at the handle. */
interface MugBody {
  height: number;
  diameter: number;
  printTop: number;
}

/** The print's own size is the print area's (domain/placement.ts), as the print file has it. */
type MugShape = MugBody & { printWidth: number; printHeight: number };

const BODIES: Record<string, MugBody> = {
  '11 oz': { height: 3.79, diameter: 3.25, printTop: 0.14 },
  '15 oz': { height: 4.6, diameter: 3.4, printTop: 0.3 },
  '20 oz': { height: 4.9, diameter: 3.6, printTop: 0.2 },
};

/** sin of the camera's elevation: how round the rim ellipse looks. */
const TILT = 0.19;
const TAU = Math.PI * 2;

/**
 * Mugs are printed with the artwork twice, centred on each side of the handle, so that it
 * faces whoever holds the mug in either hand; the two views show each side.
 */
export function mugViews({ product, variant }: ViewContext): ViewDefinition[] {
  const sizeKey = variant.size && BODIES[variant.size] ? variant.size : '11 oz';
  const area = printAreaOf(product, { size: sizeKey }, 1);
  const shape: MugShape = { ...BODIES[sizeKey], printWidth: area.widthIn, printHeight: area.heightIn };
  return [
    { placement: 'front', label: 'Front', key: `mug:${sizeKey}:right`, build: () => buildMug(shape, 'right') },
    { placement: 'back', label: 'Back', key: `mug:${sizeKey}:left`, build: () => buildMug(shape, 'left') },
  ];
}

async function buildMug(shape: MugShape, handleSide: 'left' | 'right'): Promise<ViewTemplate> {
  const W = MOCKUP_SIZE;
  const ppi = Math.min(430 / shape.height, 330 / shape.diameter);
  const R = (shape.diameter / 2) * ppi;
  const H = shape.height * ppi;
  const kR = TILT * R;
  const side = handleSide === 'right' ? 1 : -1;
  const cx = W / 2 - side * 0.2 * R;
  const yTop = (W - H - kR) / 2 + kR * 0.4;
  const yBottom = yTop + H;

  const gap = TAU * (1 - shape.printWidth / (Math.PI * shape.diameter));
  // The copy facing the viewer: S = 0.75 (right of the seam) when the handle is on the right.
  const copyCentre = gap / 2 + (handleSide === 'right' ? 0.75 : 0.25) * (TAU - gap);
  const viewAngle = copyCentre;
  const handleAngle = wrapAngle(-viewAngle);
  const handleReach = Math.abs(Math.sin(handleAngle));

  const wall = 0.11 * ppi;
  const rimRx = R;
  const rimRy = kR;
  const innerRx = R - wall;
  const innerRy = kR * (innerRx / R);
  const handle = handlePath(cx + side * R * handleReach * 0.985, yTop, ppi, side * handleReach);

  const background = `
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#f5f4f2"/><stop offset="0.62" stop-color="#eeece8"/><stop offset="1" stop-color="#e2dfda"/>
      </linearGradient>
      <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#000" stop-opacity="0.34"/><stop offset="0.55" stop-color="#000" stop-opacity="0.14"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
      <radialGradient id="contact" cx="0.5" cy="0.5" r="0.5">
        <stop offset="0" stop-color="#000" stop-opacity="0.42"/><stop offset="0.75" stop-color="#000" stop-opacity="0.22"/><stop offset="1" stop-color="#000" stop-opacity="0"/>
      </radialGradient>
      <linearGradient id="handle" x1="0" y1="0" x2="${side > 0 ? 1 : 0}" y2="1">
        <stop offset="0" stop-color="#ffffff"/><stop offset="0.5" stop-color="#efeeeb"/><stop offset="1" stop-color="#c9c5bf"/>
      </linearGradient>
      <radialGradient id="inside" cx="0.5" cy="0.1" r="0.95">
        <stop offset="0" stop-color="#f3f2ef"/><stop offset="0.55" stop-color="#dedbd6"/><stop offset="1" stop-color="#a9a49d"/>
      </radialGradient>
      <linearGradient id="rim" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#d9d6d1"/><stop offset="0.3" stop-color="#fbfbfa"/><stop offset="0.75" stop-color="#ffffff"/><stop offset="1" stop-color="#d6d3ce"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${W}" fill="url(#bg)"/>
    <ellipse cx="${cx + side * R * 0.25}" cy="${yBottom + kR * 0.55}" rx="${R * 1.65}" ry="${kR * 2.2}" fill="url(#shadow)"/>
    <ellipse cx="${cx}" cy="${yBottom + kR * 0.45}" rx="${R * 1.12}" ry="${kR * 1.3}" fill="url(#contact)"/>
    ${handle.svg}
    <ellipse cx="${cx}" cy="${yTop}" rx="${rimRx}" ry="${rimRy}" fill="url(#rim)"/>
    <ellipse cx="${cx}" cy="${yTop + wall * 0.05}" rx="${innerRx}" ry="${innerRy}" fill="url(#inside)"/>
    <path d="M ${cx - innerRx} ${yTop} A ${innerRx} ${innerRy} 0 0 1 ${cx + innerRx} ${yTop}" fill="none" stroke="#8f8a83" stroke-opacity="0.35" stroke-width="${wall * 0.35}"/>`;
  const bodyPath = `M ${cx - R} ${yTop} A ${R} ${kR} 0 0 0 ${cx + R} ${yTop} L ${cx + R} ${yBottom - kR * 0.15}
    A ${R} ${kR} 0 0 1 ${cx - R} ${yBottom - kR * 0.15} Z`;
  const [base, mask] = await Promise.all([
    renderScene(W, W, background),
    rasterizeMask(W, W, `<path d="${bodyPath}"/>`),
  ]);
  const canvas = new TemplateCanvas(W, W, base);

  const printTop = shape.printTop / shape.height;
  const printBottom = (shape.printTop + shape.printHeight) / shape.height;
  const layer = canvas.newLayer({
    aspect: shape.printWidth / shape.printHeight,
    repeat: 2,
    pxPerUnit: shape.printWidth * ppi,
  });

  // Everything but the height on the mug depends on the column only: computed once per column.
  // A window to the upper left of the camera and a softer one to the right make the two
  // vertical reflections every glazed mug shows.
  const colX0 = Math.floor(cx - R) - 1;
  const columns = Math.ceil(2 * R) + 3;
  const colTop = new Float32Array(columns);
  const colLight = new Float32Array(columns);
  const colStreak = new Float32Array(columns);
  const colS = new Float32Array(columns).fill(-1);
  for (let c = 0; c < columns; c++) {
    const dx = (colX0 + c + 0.5 - cx) / R;
    if (dx <= -1 || dx >= 1) {
      colTop[c] = Infinity;
      continue;
    }
    const cz = Math.sqrt(1 - dx * dx);
    colTop[c] = yTop + kR * cz;
    const lambert = Math.max(0, -0.5 * dx + 0.87 * cz);
    colLight[c] = 0.7 + 0.3 * lambert - 0.16 * Math.abs(dx) ** 3 + 0.05 * smoothstep(0.9, 0.985, dx * -side);
    colStreak[c] =
      150 * band(dx, -0.5, 0.045, 0.035) + 55 * band(dx, -0.36, 0.02, 0.04) + 70 * band(dx, 0.66, 0.06, 0.06);
    let theta = (viewAngle + Math.asin(dx)) % TAU;
    if (theta < 0) theta += TAU;
    const sPrint = (theta - gap / 2) / (TAU - gap);
    if (sPrint >= 0 && sPrint <= 1) colS[c] = sPrint;
  }
  const shade = (x: number, y: number, out: SurfaceSample): boolean => {
    const c = Math.floor(x) - colX0;
    const top = colTop[c];
    if (top === Infinity) return false;
    const h = (y - top) / H;
    if (h < -0.01 || h > 1.01) return false;
    // The foot rounds inwards; the rim throws a hairline shadow.
    out.m = colLight[c] * (1 - 0.35 * smoothstep(0.955, 1.0, h) - 0.05 * (1 - smoothstep(0, 0.012, h)));
    out.a = colStreak[c] * smoothstep(0.0, 0.1, h) * (1 - smoothstep(0.86, 0.99, h));
    if (h >= printTop && h <= printBottom && colS[c] >= 0) {
      out.print = true;
      out.s = colS[c];
      out.t = (h - printTop) / (printBottom - printTop);
    }
    return true;
  };
  canvas.paintSurface({
    mask,
    color: [250, 250, 248],
    shade,
    layer,
    box: { x0: cx - R - 1, y0: yTop - 1, x1: cx + R + 1, y1: yBottom + kR + 1 },
  });
  return canvas.finish();
}

/** The handle: a glazed loop seen from the side, foreshortened by `reach` (−1…1, sign = side). */
function handlePath(rootX: number, yTop: number, ppi: number, reach: number): { svg: string } {
  const sx = reach * ppi;
  const p = (x: number, y: number) => `${(rootX + x * sx).toFixed(1)} ${(yTop + y * ppi).toFixed(1)}`;
  const d = `M ${p(-0.15, 0.62)} C ${p(0.85, 0.42)} ${p(1.28, 1.05)} ${p(1.18, 1.8)} C ${p(1.08, 2.55)} ${p(0.62, 2.9)} ${p(-0.15, 2.95)}`;
  const w = 0.36 * ppi;
  const dir = Math.sign(reach);
  const off = (k: number) => `translate(${(-dir * k * ppi * 0.6).toFixed(1)} ${(-k * ppi * 0.5).toFixed(1)})`;
  return {
    svg: `
      <g fill="none" stroke-linecap="round">
        <path d="${d}" stroke="#b3aea7" stroke-width="${w}"/>
        <path d="${d}" stroke="#d7d3cd" stroke-width="${w * 0.84}" transform="${off(0.012)}"/>
        <path d="${d}" stroke="#eeece8" stroke-width="${w * 0.62}" transform="${off(0.03)}"/>
        <path d="${d}" stroke="#fafaf9" stroke-width="${w * 0.36}" transform="${off(0.05)}"/>
        <path d="${d}" stroke="#ffffff" stroke-width="${w * 0.12}" transform="${off(0.07)}" stroke-opacity="0.9"/>
      </g>`,
  };
}

function wrapAngle(a: number): number {
  let r = a % TAU;
  if (r > Math.PI) r -= TAU;
  if (r < -Math.PI) r += TAU;
  return r;
}

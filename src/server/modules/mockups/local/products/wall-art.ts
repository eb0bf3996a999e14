import { Camera, Homography, polygonPath, rotateY, smoothstep, type Point } from '../geometry.js';
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
import { MOCKUP_SIZE, orientedSize, sizeInInches, type ViewContext, type ViewDefinition } from '../views.js';
import { wallBackdrop } from '../backdrops.js';
import { roomAround, roomFurnitureSvg, roomShadowSvg, type Room } from './room.js';

interface Size {
  width: number;
  height: number;
}

/** World (inches, y down, origin at the art's centre) to canvas pixels. */
interface View2D {
  ppi: number;
  cx: number;
  cy: number;
}

const W = MOCKUP_SIZE;
const group = (v: View2D, body: string) => `<g transform="translate(${v.cx} ${v.cy}) scale(${v.ppi})">${body}</g>`;

function artSize({ variant, artAspect }: ViewContext, fallback: Size): Size {
  return orientedSize(sizeInInches(variant.size) ?? fallback, artAspect);
}

/** The room framed from a little above the art down to the floor. */
function roomView(size: Size, room: Room): View2D {
  const top = -size.height / 2 - 9;
  const bottom = room.floor + 3;
  const ppi = Math.min(W / (bottom - top), W / (2 * room.plantX + 12));
  return { ppi, cx: W / 2, cy: W / 2 - ((top + bottom) / 2) * ppi };
}

// ---------------------------------------------------------------- poster

export function posterViews(context: ViewContext): ViewDefinition[] {
  const size = artSize(context, { width: 18, height: 24 });
  const id = `${size.width}x${size.height}`;
  return [
    { placement: 'front', label: 'Front', key: `poster:${id}:front`, build: () => buildPoster(size, 'front') },
    { placement: 'lifestyle', label: 'In a room', key: `poster:${id}:room`, build: () => buildPoster(size, 'room') },
  ];
}

/** Two strips of masking tape holding the top corners. */
function tapeSvg(size: Size): string {
  const w = Math.min(3.4, Math.max(2.2, size.width * 0.17));
  const h = w * 0.3;
  const piece = (x: number, y: number, angle: number) =>
    `<g transform="translate(${x} ${y}) rotate(${angle})">
       <rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" fill="#ece2c9" fill-opacity="0.82"/>
       <rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h * 0.1}" fill="#fff" fill-opacity="0.4"/>
       <rect x="${-w / 2}" y="${h / 2 - h * 0.08}" width="${w}" height="${h * 0.08}" fill="#000" fill-opacity="0.06"/></g>`;
  const x = size.width / 2;
  const y = size.height / 2;
  return piece(-x + w * 0.22, -y + w * 0.16, -40) + piece(x - w * 0.22, -y + w * 0.16, 40);
}

async function buildPoster(size: Size, kind: 'front' | 'room'): Promise<ViewTemplate> {
  const room = roomAround(size.height / 2, size.width / 2);
  const view: View2D =
    kind === 'front'
      ? { ppi: Math.min(590 / size.height, 600 / size.width), cx: W / 2, cy: W / 2 - 8 }
      : roomView(size, room);
  const { width: w, height: h } = size;
  const x0 = view.cx - (w / 2) * view.ppi;
  const y0 = view.cy - (h / 2) * view.ppi;
  const pw = w * view.ppi;
  const ph = h * view.ppi;
  const paperShadow = softMask(
    W,
    W,
    group(view, `<rect x="${-w / 2 + 0.12}" y="${-h / 2 + 0.3}" width="${w}" height="${h}"/>`),
    0.45 * view.ppi,
  );
  const furnitureShadow =
    kind === 'room' ? softMask(W, W, group(view, roomShadowSvg(room)), 1.6 * view.ppi) : undefined;
  const mask = rasterizeMask(W, W, `<rect x="${x0}" y="${y0}" width="${pw}" height="${ph}"/>`);
  const overlay = rasterize(W, W, group(view, tapeSvg(size) + (kind === 'room' ? roomFurnitureSvg(room) : '')));

  const canvas = new TemplateCanvas(W, W, wallBackdrop(W, W, view));
  if (furnitureShadow) canvas.darken(await furnitureShadow, 0.16);
  canvas.darken(await paperShadow, 0.24);
  // Paper: a faint wave from hanging, light falling from the upper left, and grain.
  canvas.paintSurface({
    mask: await mask,
    color: [251, 251, 249],
    layer: canvas.newLayer({ aspect: w / h, repeat: 1, pxPerUnit: pw }),
    box: { x0: x0 - 1, y0: y0 - 1, x1: x0 + pw + 1, y1: y0 + ph + 1 },
    shade: (x, y, out) => {
      const s = (x - x0) / pw;
      const t = (y - y0) / ph;
      const wave = 0.022 * Math.sin(s * Math.PI * 2.6 + 0.7) * (0.25 + t);
      out.m = 1.0 - 0.045 * t - 0.035 * s + wave + 0.012 * (hash2(x, y) - 0.5);
      out.a = 0;
      out.print = true;
      out.s = s;
      out.t = t;
      return true;
    },
  });
  canvas.setOverlay(await overlay);
  return canvas.finish();
}

// ---------------------------------------------------------------- framed poster

interface FrameStyle {
  /** Moulding faces: top, left, right, bottom (lit from the upper left), and the inner lip. */
  faces: [string, string, string, string];
  lip: string;
}

const FRAMES: Record<string, FrameStyle> = {
  black: { faces: ['#3b3b3b', '#2c2c2c', '#141414', '#0e0e0e'], lip: '#4a4a4a' },
  white: { faces: ['#fbfbfa', '#f2f2f0', '#dadad6', '#cfcfca'], lip: '#ffffff' },
};

const FRAME_WIDTH = 0.85;
const MAT_WIDTH = 2.4;
/** The mat overlaps the print by this much on every side. */
const MAT_OVERLAP = 0.25;

export function framedPosterViews(context: ViewContext): ViewDefinition[] {
  const size = artSize(context, { width: 18, height: 24 });
  const colour = (context.variant.color ?? 'black').toLowerCase() === 'white' ? 'white' : 'black';
  const id = `${size.width}x${size.height}:${colour}`;
  const style = FRAMES[colour];
  return [
    {
      placement: 'lifestyle',
      label: 'On the wall',
      key: `framed:${id}:wall`,
      build: () => buildFramed(size, style, 'wall'),
    },
    {
      placement: 'detail',
      label: 'Frame corner',
      key: `framed:${id}:corner`,
      build: () => buildFramed(size, style, 'corner'),
    },
  ];
}

/** The frame in front of the print: mat with its bevelled window, moulding, and glass. */
function frameSvg(size: Size, style: FrameStyle): { svg: string; ow: number; oh: number } {
  const iw = size.width / 2 + MAT_WIDTH - MAT_OVERLAP;
  const ih = size.height / 2 + MAT_WIDTH - MAT_OVERLAP;
  const ow = iw + FRAME_WIDTH;
  const oh = ih + FRAME_WIDTH;
  const wx = size.width / 2 - MAT_OVERLAP;
  const wy = size.height / 2 - MAT_OVERLAP;
  const b = 0.09;
  const [top, left, right, bottom] = style.faces;
  const face = (pts: Point[], fill: string) => `<path d="${polygonPath(pts)}" fill="${fill}"/>`;
  const mat = `<path fill-rule="evenodd" fill="#f7f5f0" d="${polygonPath([
    [-iw, -ih],
    [iw, -ih],
    [iw, ih],
    [-iw, ih],
  ])} ${polygonPath([
    [-wx, -wy],
    [-wx, wy],
    [wx, wy],
    [wx, -wy],
  ])}"/>`;
  const bevel =
    face(
      [
        [-wx - b, -wy - b],
        [wx + b, -wy - b],
        [wx, -wy],
        [-wx, -wy],
      ],
      '#e2ddd3',
    ) +
    face(
      [
        [-wx - b, -wy - b],
        [-wx, -wy],
        [-wx, wy],
        [-wx - b, wy + b],
      ],
      '#e8e4db',
    ) +
    face(
      [
        [wx + b, -wy - b],
        [wx + b, wy + b],
        [wx, wy],
        [wx, -wy],
      ],
      '#fffefb',
    ) +
    face(
      [
        [-wx - b, wy + b],
        [-wx, wy],
        [wx, wy],
        [wx + b, wy + b],
      ],
      '#fffefa',
    );
  // The moulding's shadow on the mat, strongest under its lit top and left sides.
  const matShadow = [0.06, 0.14, 0.24, 0.36]
    .map(
      (inset, i) =>
        `<path d="M ${-iw + inset} ${ih} L ${-iw + inset} ${-ih + inset} L ${iw} ${-ih + inset}" fill="none" stroke="#000" stroke-opacity="${0.07 - i * 0.015}" stroke-width="0.1"/>`,
    )
    .join('');
  const moulding =
    face(
      [
        [-ow, -oh],
        [ow, -oh],
        [iw, -ih],
        [-iw, -ih],
      ],
      top,
    ) +
    face(
      [
        [-ow, -oh],
        [-iw, -ih],
        [-iw, ih],
        [-ow, oh],
      ],
      left,
    ) +
    face(
      [
        [ow, -oh],
        [ow, oh],
        [iw, ih],
        [iw, -ih],
      ],
      right,
    ) +
    face(
      [
        [-ow, oh],
        [-iw, ih],
        [iw, ih],
        [ow, oh],
      ],
      bottom,
    );
  const lip = `<rect x="${-iw}" y="${-ih}" width="${2 * iw}" height="${2 * ih}" fill="none" stroke="${style.lip}" stroke-width="0.07"/>
    <rect x="${-ow + 0.03}" y="${-oh + 0.03}" width="${2 * ow - 0.06}" height="${2 * oh - 0.06}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="0.06"/>
    <rect x="${-ow + FRAME_WIDTH * 0.45}" y="${-oh + FRAME_WIDTH * 0.45}" width="${2 * ow - FRAME_WIDTH * 0.9}" height="${2 * oh - FRAME_WIDTH * 0.9}" fill="none" stroke="#fff" stroke-opacity="0.07" stroke-width="0.16"/>`;
  const glass = `<path d="M ${-iw} ${-ih} L ${-iw + 2 * iw * 0.42} ${-ih} L ${-iw} ${-ih + 2 * ih * 0.55} Z" fill="#fff" fill-opacity="0.07"/>
    <path d="M ${iw} ${ih} L ${iw - 2 * iw * 0.22} ${ih} L ${iw} ${ih - 2 * ih * 0.3} Z" fill="#fff" fill-opacity="0.04"/>`;
  return { svg: mat + matShadow + bevel + moulding + lip + glass, ow, oh };
}

async function buildFramed(size: Size, style: FrameStyle, kind: 'wall' | 'corner'): Promise<ViewTemplate> {
  const frame = frameSvg(size, style);
  const { ow, oh } = frame;
  const room = roomAround(oh - 1, ow);
  let view: View2D;
  if (kind === 'wall') {
    const ppi = Math.min(540 / (2 * oh + 9), 600 / (2 * ow));
    view = { ppi, cx: W / 2, cy: W - (room.sideboardTop + 3) * ppi };
    if (view.cy - oh * ppi < 40) view.cy = 40 + oh * ppi;
  } else {
    const ppi = 560 / 11;
    view = { ppi, cx: W / 2 + (ow - 3.6) * ppi, cy: W / 2 + (oh - 3.6) * ppi };
  }
  const { width: w, height: h } = size;
  const x0 = view.cx - (w / 2) * view.ppi;
  const y0 = view.cy - (h / 2) * view.ppi;
  const pw = w * view.ppi;
  const ph = h * view.ppi;
  const furnitureShadow =
    kind === 'wall' ? softMask(W, W, group(view, roomShadowSvg(room)), 1.6 * view.ppi) : undefined;
  const frameShadow = softMask(
    W,
    W,
    group(view, `<rect x="${-ow + 0.25}" y="${-oh + 0.6}" width="${2 * ow}" height="${2 * oh}"/>`),
    0.55 * view.ppi,
  );
  const mask = rasterizeMask(W, W, `<rect x="${x0}" y="${y0}" width="${pw}" height="${ph}"/>`);
  const overlay = rasterize(W, W, group(view, frame.svg + (kind === 'wall' ? roomFurnitureSvg(room) : '')));

  const canvas = new TemplateCanvas(W, W, wallBackdrop(W, W, view));
  if (furnitureShadow) canvas.darken(await furnitureShadow, 0.16);
  canvas.darken(await frameShadow, 0.32);
  const wx = w / 2 - MAT_OVERLAP;
  const wy = h / 2 - MAT_OVERLAP;
  canvas.paintSurface({
    mask: await mask,
    color: [251, 251, 249],
    layer: canvas.newLayer({ aspect: w / h, repeat: 1, pxPerUnit: pw }),
    box: { x0: x0 - 1, y0: y0 - 1, x1: x0 + pw + 1, y1: y0 + ph + 1 },
    // The print sits behind the mat, whose window edge shades it on the lit sides.
    shade: (x, y, out) => {
      const X = (x - view.cx) / view.ppi;
      const Y = (y - view.cy) / view.ppi;
      const shadow = 0.22 * (1 - smoothstep(0, 0.22, Y + wy)) + 0.16 * (1 - smoothstep(0, 0.18, X + wx));
      out.m = (0.985 - 0.03 * ((Y + wy) / (2 * wy)) + 0.008 * (hash2(x, y) - 0.5)) * (1 - shadow);
      out.a = 0;
      out.print = true;
      out.s = (x - x0) / pw;
      out.t = (y - y0) / ph;
      return true;
    },
  });
  canvas.setOverlay(await overlay);
  return canvas.finish();
}

// ---------------------------------------------------------------- canvas

const CANVAS_DEPTH = 1.25;

export function canvasViews(context: ViewContext): ViewDefinition[] {
  const size = artSize(context, { width: 16, height: 20 });
  const id = `${size.width}x${size.height}`;
  return [
    { placement: 'front', label: 'On the wall', key: `canvas:${id}:front`, build: () => buildCanvas(size, 0.12) },
    { placement: 'angle', label: 'Wrapped edge', key: `canvas:${id}:angle`, build: () => buildCanvas(size, 0.68) },
  ];
}

/**
 * A stretched canvas seen turned by `angle` about the vertical axis: the front face and the
 * left side, where the print wraps round the stretcher bar (gallery wrap).
 */
async function buildCanvas(size: Size, angle: number): Promise<ViewTemplate> {
  const { width: w, height: h } = size;
  const d = CANVAS_DEPTH;
  const angled = angle > 0.3;
  const distance = angled ? 70 : 110;
  const focal = (Math.min(560 / h, 560 / w) * distance) / (angled ? 1.02 : 1);
  const camera = new Camera(focal, distance, W / 2 + (angled ? 40 : 0), W / 2 - 10);
  const P = (x: number, y: number, z: number): Point => camera.project(rotateY([x, y, z], angle));
  const quad = (pts: Point[]) => pts as [Point, Point, Point, Point];
  const front = quad([P(-w / 2, -h / 2, 0), P(w / 2, -h / 2, 0), P(w / 2, h / 2, 0), P(-w / 2, h / 2, 0)]);
  const side = quad([P(-w / 2, -h / 2, 0), P(-w / 2, -h / 2, -d), P(-w / 2, h / 2, -d), P(-w / 2, h / 2, 0)]);
  const sx = 0.9;
  const sy = 1.3;
  const shadow = [
    P(-w / 2 + sx, -h / 2 + sy, -d),
    P(w / 2 + sx, -h / 2 + sy, -d),
    P(w / 2 + sx, h / 2 + sy, -d),
    P(-w / 2 + sx, h / 2 + sy, -d),
  ];
  const contact = [P(-w / 2, -h / 2, -d), P(w / 2, -h / 2, -d), P(w / 2, h / 2, -d), P(-w / 2, h / 2, -d)];
  const scale = focal / distance;
  const total = { w: w + 2 * d, h: h + 2 * d };

  // The wall turns with the canvas: darker towards its far side.
  const scene = renderScene(
    W,
    W,
    `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="0.35">
        <stop offset="0" stop-color="${angled ? '#f0ede8' : '#efece7'}"/><stop offset="1" stop-color="${angled ? '#d4cfc6' : '#e0dbd3'}"/>
      </linearGradient></defs>
     <rect width="${W}" height="${W}" fill="url(#wall)"/>`,
  );
  const softShadow = softMask(W, W, `<path d="${polygonPath(shadow)}"/>`, 0.9 * scale);
  const contactShadow = softMask(W, W, `<path d="${polygonPath(contact)}"/>`, 0.25 * scale);
  const faces: Array<{ quad: [Point, Point, Point, Point]; map: (u: number, v: number, out: SurfaceSample) => void }> =
    [];
  if (angle > 0.02) {
    faces.push({
      quad: side,
      map: (u, v, out) => {
        out.s = (d * (1 - u)) / total.w;
        out.t = (d + v * h) / total.h;
        out.m = 0.64 + 0.08 * u;
      },
    });
  }
  faces.push({
    quad: front,
    map: (u, v, out) => {
      out.s = (d + u * w) / total.w;
      out.t = (d + v * h) / total.h;
      out.m = 1.0 - 0.05 * u - 0.03 * v;
    },
  });
  const masks = faces.map((face) => rasterizeMask(W, W, `<path d="${polygonPath(face.quad)}"/>`));
  // The fold where the canvas turns round the stretcher bar catches the light.
  const edge = `M ${front[0][0]} ${front[0][1]} L ${front[3][0]} ${front[3][1]}`;
  const overlay = rasterize(
    W,
    W,
    angle > 0.02 ? `<path d="${edge}" stroke="#fff" stroke-opacity="0.35" stroke-width="1.2" fill="none"/>` : '',
  );

  const canvas = new TemplateCanvas(W, W, await scene);
  canvas.darken(await softShadow, 0.32);
  canvas.darken(await contactShadow, 0.25);
  const layer = canvas.newLayer({ aspect: total.w / total.h, repeat: 1, pxPerUnit: total.w * scale });
  const uv = new Float64Array(2);
  for (let f = 0; f < faces.length; f++) {
    const face = faces[f];
    const inverse = Homography.squareToQuad(face.quad).inverse();
    const xs = face.quad.map((p) => p[0]);
    const ys = face.quad.map((p) => p[1]);
    canvas.paintSurface({
      mask: await masks[f],
      color: [250, 250, 247],
      layer,
      box: { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 },
      shade: (x, y, out) => {
        inverse.mapTo(x, y, uv);
        face.map(Math.min(1, Math.max(0, uv[0])), Math.min(1, Math.max(0, uv[1])), out);
        out.m *= 1 + 0.03 * (hash2(x, y) - 0.5) + 0.02 * (valueNoise(x * 0.7, y * 0.7) - 0.5);
        out.a = 0;
        out.print = true;
        return true;
      },
    });
  }
  canvas.setOverlay(await overlay);
  return canvas.finish();
}

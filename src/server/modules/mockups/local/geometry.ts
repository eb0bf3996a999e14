export type Point = readonly [number, number];

/** A projective map of the plane: (u, v) → ((a u + b v + c) / w, (d u + e v + f) / w), w = g u + h v + i. */
export class Homography {
  constructor(readonly m: readonly number[]) {}

  /** Maps the unit square's corners (0,0), (1,0), (1,1), (0,1) onto a quadrilateral (Heckbert 1989). */
  static squareToQuad(q: readonly [Point, Point, Point, Point]): Homography {
    const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
    const dx1 = x1 - x2;
    const dx2 = x3 - x2;
    const dx3 = x0 - x1 + x2 - x3;
    const dy1 = y1 - y2;
    const dy2 = y3 - y2;
    const dy3 = y0 - y1 + y2 - y3;
    if (Math.abs(dx3) < 1e-9 && Math.abs(dy3) < 1e-9) {
      return new Homography([x1 - x0, x2 - x1, x0, y1 - y0, y2 - y1, y0, 0, 0, 1]);
    }
    const det = dx1 * dy2 - dx2 * dy1;
    const g = (dx3 * dy2 - dx2 * dy3) / det;
    const h = (dx1 * dy3 - dx3 * dy1) / det;
    return new Homography([x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1]);
  }

  inverse(): Homography {
    const [a, b, c, d, e, f, g, h, i] = this.m;
    const A = e * i - f * h;
    const B = -(d * i - f * g);
    const C = d * h - e * g;
    const det = a * A + b * B + c * C;
    return new Homography(
      [A, -(b * i - c * h), b * f - c * e, B, a * i - c * g, -(a * f - c * d), C, -(a * h - b * g), a * e - b * d].map(
        (v) => v / det,
      ),
    );
  }

  map(u: number, v: number): [number, number] {
    const out = new Float64Array(2);
    this.mapTo(u, v, out);
    return [out[0], out[1]];
  }

  /** map() without allocating: for per-pixel use. */
  mapTo(u: number, v: number, out: Float64Array): void {
    const m = this.m;
    const w = m[6] * u + m[7] * v + m[8];
    out[0] = (m[0] * u + m[1] * v + m[2]) / w;
    out[1] = (m[3] * u + m[4] * v + m[5]) / w;
  }
}

/** A simple pinhole camera looking down −Z at the origin; Y points down like the screen. */
export class Camera {
  constructor(
    readonly focal: number,
    readonly distance: number,
    readonly cx: number,
    readonly cy: number,
  ) {}

  project([x, y, z]: readonly [number, number, number]): [number, number] {
    const k = this.focal / (this.distance - z);
    return [this.cx + x * k, this.cy + y * k];
  }
}

/** Rotation about the vertical axis: positive angles turn the left side of an object towards the viewer. */
export function rotateY([x, y, z]: readonly [number, number, number], angle: number): [number, number, number] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [x * c + z * s, y, -x * s + z * c];
}

export function polygonPath(points: readonly Point[]): string {
  return `M ${points.map(([x, y]) => `${x.toFixed(2)} ${y.toFixed(2)}`).join(' L ')} Z`;
}

/** x' = a x + c y + e, y' = b x + d y + f (SVG's matrix order). */
export class Affine {
  constructor(readonly m: readonly [number, number, number, number, number, number]) {}

  static of(scale: number, tx: number, ty: number, rotation = 0, squashX = 1): Affine {
    const c = Math.cos(rotation);
    const s = Math.sin(rotation);
    return new Affine([c * scale * squashX, s * scale * squashX, -s * scale, c * scale, tx, ty]);
  }

  apply(x: number, y: number): [number, number] {
    const [a, b, c, d, e, f] = this.m;
    return [a * x + c * y + e, b * x + d * y + f];
  }

  /** apply() without allocating: for per-pixel use. */
  applyTo(x: number, y: number, out: Float64Array): void {
    const m = this.m;
    out[0] = m[0] * x + m[2] * y + m[4];
    out[1] = m[1] * x + m[3] * y + m[5];
  }

  inverse(): Affine {
    const [a, b, c, d, e, f] = this.m;
    const det = a * d - b * c;
    return new Affine([d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det]);
  }

  svg(): string {
    return `matrix(${this.m.map((v) => v.toFixed(5)).join(' ')})`;
  }
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

/** 1 inside [c − half, c + half], falling smoothly to 0 over `soft` on each side: highlights and reflections. */
export function band(x: number, c: number, half: number, soft: number): number {
  const d = Math.abs(x - c) - half;
  if (d <= 0) return 1;
  if (d >= soft) return 0;
  const t = 1 - d / soft;
  return t * t * (3 - 2 * t);
}

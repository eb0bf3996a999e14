/**
 * Where the photo's subject is: a subject map on the small copy (1 = most salient) and the
 * subject cut from it.
 */
import { type Plane, clamp01, srgbToOklab } from '../raster.js';
import { exactGaussianBlur, gaussianBlurRgb } from './blur.js';
import { fft2 } from './fft.js';

/** Side of the square copy the spectral residual is computed on. */
const SR_SIZE = 64;

/**
 * Subject map: the spectral residual of Hou & Zhang (2007) on a 64 × 64 luminance copy (what is
 * unexpected in the photo's log spectrum is what stands out), plus colour distinctness (OKLab
 * distance from the colour of the photo's border, which is usually background), under a mild
 * centre prior. Each cue is normalised to 0..1 before they are mixed.
 */
export function saliencyMap(small: { width: number; height: number; data: Float32Array }): Plane {
  const { width: w, height: h, data } = small;
  const n = w * h;
  const lab = new Float32Array(n * 3);
  for (let i = 0; i < n; i++)
    srgbToOklab(clamp01(data[i * 3]), clamp01(data[i * 3 + 1]), clamp01(data[i * 3 + 2]), lab, i * 3);

  // Colour distinctness: against each side of the frame (what differs from all four sides is
  // not background) and colour rarity (Cheng's histogram contrast: a colour that few pixels
  // share, like an orange star among green ones, stands out).
  const blurred = gaussianBlurRgb({ width: w, height: h, data: lab }, 1, exactGaussianBlur).data;
  const frame = Math.max(1, Math.round(Math.min(w, h) * 0.06));
  const sides = new Float64Array(16);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const side = y < frame ? 0 : y >= h - frame ? 1 : x < frame ? 2 : x >= w - frame ? 3 : -1;
      if (side < 0) continue;
      for (let c = 0; c < 3; c++) sides[side * 4 + c] += blurred[i + c];
      sides[side * 4 + 3]++;
    }
  }
  for (let sd = 0; sd < 4; sd++) for (let c = 0; c < 3; c++) sides[sd * 4 + c] /= Math.max(1, sides[sd * 4 + 3]);
  const border = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let nearest = Infinity;
    for (let sd = 0; sd < 4; sd++) {
      let d = 0;
      // Chroma counts double: a red coat against green leaves stands out more than its lightness says.
      for (let c = 0; c < 3; c++) d += ((c === 0 ? 1 : 2) * (blurred[i * 3 + c] - sides[sd * 4 + c])) ** 2;
      nearest = Math.min(nearest, d);
    }
    border[i] = Math.sqrt(nearest);
  }
  normalise(border);
  const rarity = colourRarity(blurred, n);
  normalise(rarity);
  const residual = spectralResidual(small);
  normalise(residual);

  const out = new Float32Array(n);
  const sx = 0.32 * w;
  const sy = 0.32 * h;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = (x + 0.5 - w / 2) / sx;
      const dy = (y + 0.5 - h / 2) / sy;
      const centre = 0.45 + 0.55 * Math.exp(-0.5 * (dx * dx + dy * dy));
      out[i] = (0.4 * rarity[i] + 0.35 * border[i] + 0.25 * residual[i]) * centre;
    }
  }
  const smooth = exactGaussianBlur({ width: w, height: h, data: out }, 1.5).data;
  normalise(smooth);
  return { width: w, height: h, data: smooth };
}

/**
 * Histogram contrast (Cheng et al. 2011): each pixel's colour bin scored by its chroma-weighted
 * OKLab distance to every other bin, weighted by how many pixels those bins hold.
 */
function colourRarity(lab: Float32Array, n: number): Float32Array {
  const key = new Int32Array(n);
  const bins = new Map<number, { count: number; L: number; a: number; b: number; score: number }>();
  for (let i = 0; i < n; i++) {
    const L = lab[i * 3];
    const a = lab[i * 3 + 1];
    const b = lab[i * 3 + 2];
    const k =
      Math.min(11, Math.max(0, Math.floor(L * 12))) * 10_000 +
      (Math.round(a / 0.03) + 50) * 100 +
      (Math.round(b / 0.03) + 50);
    key[i] = k;
    const bin = bins.get(k);
    if (bin) {
      bin.count++;
      bin.L += L;
      bin.a += a;
      bin.b += b;
    } else bins.set(k, { count: 1, L, a, b, score: 0 });
  }
  const list = [...bins.values()];
  for (const bin of list) {
    bin.L /= bin.count;
    bin.a /= bin.count;
    bin.b /= bin.count;
  }
  for (const p of list) {
    let s = 0;
    for (const q of list) s += q.count * Math.sqrt((p.L - q.L) ** 2 + 4 * (p.a - q.a) ** 2 + 4 * (p.b - q.b) ** 2);
    p.score = s / n;
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = bins.get(key[i])!.score;
  return out;
}

/** Hou & Zhang's spectral residual, computed on a 64 × 64 copy and returned at the small size. */
function spectralResidual(small: { width: number; height: number; data: Float32Array }): Float32Array {
  const { width: w, height: h, data } = small;
  const N = SR_SIZE;
  const re = new Float64Array(N * N);
  const im = new Float64Array(N * N);
  for (let y = 0; y < N; y++) {
    const sy = Math.min(h - 1, Math.floor(((y + 0.5) * h) / N));
    for (let x = 0; x < N; x++) {
      const sx = Math.min(w - 1, Math.floor(((x + 0.5) * w) / N));
      const i = (sy * w + sx) * 3;
      re[y * N + x] = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    }
  }
  fft2(re, im, N, false);
  const logAmp = new Float64Array(N * N);
  const phaseRe = new Float64Array(N * N);
  const phaseIm = new Float64Array(N * N);
  for (let i = 0; i < N * N; i++) {
    const a = Math.hypot(re[i], im[i]);
    logAmp[i] = Math.log(a + 1e-9);
    phaseRe[i] = a > 0 ? re[i] / a : 1;
    phaseIm[i] = a > 0 ? im[i] / a : 0;
  }
  // Residual: log amplitude minus its 3 × 3 local mean (wrapping, the spectrum is periodic).
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      let m = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) m += logAmp[((y + dy + N) % N) * N + ((x + dx + N) % N)];
      const r = Math.exp(logAmp[y * N + x] - m / 9);
      re[y * N + x] = r * phaseRe[y * N + x];
      im[y * N + x] = r * phaseIm[y * N + x];
    }
  }
  fft2(re, im, N, true);
  const map = new Float32Array(N * N);
  for (let i = 0; i < N * N; i++) map[i] = re[i] * re[i] + im[i] * im[i];
  const smooth = exactGaussianBlur({ width: N, height: N, data: map }, 2.5).data;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(N - 1, Math.floor(((y + 0.5) * N) / h));
    for (let x = 0; x < w; x++) out[y * w + x] = smooth[sy * N + Math.min(N - 1, Math.floor(((x + 0.5) * N) / w))];
  }
  return out;
}

/**
 * The subject: saliency above Otsu's threshold, held between 1 % and 35 % of the frame (a photo
 * with no clear subject still gets its most salient part, never the whole picture).
 */
export function subjectMask(sal: Plane): { subject: Uint8Array; area: number } {
  const d = sal.data;
  const n = d.length;
  const hist = new Float64Array(64);
  for (let i = 0; i < n; i++) hist[Math.min(63, Math.floor(d[i] * 64))]++;
  let total = 0;
  for (let b = 0; b < 64; b++) total += b * hist[b];
  let wB = 0;
  let sumB = 0;
  let best = 0;
  let threshold = 0.5;
  for (let b = 0; b < 64; b++) {
    wB += hist[b];
    if (wB === 0 || wB === n) continue;
    sumB += b * hist[b];
    const mB = sumB / wB;
    const mF = (total - sumB) / (n - wB);
    const between = wB * (n - wB) * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = (b + 1) / 64;
    }
  }
  const sorted = Float32Array.from(d).sort();
  const atMost = sorted[Math.floor(n * 0.65)];
  const atLeast = sorted[Math.floor(n * 0.99)];
  // Otsu splits a busy background in two; the subject is what stands out well above it.
  const t = Math.min(atLeast, Math.max(atMost, threshold, 0.45));
  const subject = new Uint8Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (d[i] >= t) {
      subject[i] = 1;
      count++;
    }
  }
  return { subject, area: count / n };
}

function normalise(a: Float32Array): void {
  let lo = Infinity;
  let hi = -Infinity;
  // By index: a for…of over a typed array allocates per element until optimised.
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  const k = hi > lo ? 1 / (hi - lo) : 0;
  for (let i = 0; i < a.length; i++) a[i] = (a[i] - lo) * k;
}

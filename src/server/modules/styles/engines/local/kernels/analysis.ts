/**
 * What a style needs to know about a photo before it paints: how it is exposed, how much
 * contrast and colour it has, how noisy it is, and where its subject is. Everything is measured
 * on small copies (the histogram on a subsample, the subject map at 128 px, the spectral residual
 * at 64 × 64), so the whole analysis takes a few milliseconds on a working-size photo.
 */
import { type Plane, type Rgb8, f32, srgbToOklab } from '../raster.js';

export interface PhotoAnalysis {
  /** Luminance (Rec. 709 of the sRGB values, 0..1) percentiles and mean. */
  exposure: { p1: number; p5: number; p50: number; p95: number; p99: number; mean: number };
  /** p95 − p5 of luminance: how much of the tonal range the photo uses. */
  contrast: number;
  /** Hasler & Süsstrunk's colourfulness M on 0..1 values (≈ 0.1 dull, 0.3 vivid, 0.5+ garish). */
  colourfulness: number;
  /** Standard deviation of sensor/JPEG noise on luminance, 0..1 (Immerkær 1996). */
  noise: number;
  /** The photo at the subject map's size (area-averaged, 0..1): what the quality check compares with. */
  small: { width: number; height: number; data: Float32Array };
  /** Subject map at a small size, 0..1 (1 = most salient). */
  saliency: Plane;
  /** The subject: saliency above a threshold (1) or not (0), same size as `saliency`. */
  subject: Uint8Array;
  /** Share of the frame the subject covers. */
  subjectArea: number;
  /** Mean OKLab colour of the subject and of the rest of the photo. */
  subjectColour: [number, number, number];
  backgroundColour: [number, number, number];
}

/** Long side of the small copy the subject map is computed on. */
export const ANALYSIS_SIZE = 128;
const SR_SIZE = 64;

export function analysePhoto(img: Rgb8): PhotoAnalysis {
  const exposure = lumaPercentiles(img);
  const small = downscale(img, ANALYSIS_SIZE);
  const colourfulness = hasler(small);
  const noise = noiseSigma(img);
  const saliency = saliencyMap(small);
  const { subject, area } = subjectMask(saliency);
  const { inside, outside } = meanColours(small, subject, saliency.data);
  return {
    exposure,
    contrast: exposure.p95 - exposure.p5,
    colourfulness,
    noise,
    small,
    saliency,
    subject,
    subjectArea: area,
    subjectColour: inside,
    backgroundColour: outside,
  };
}

function lumaPercentiles(img: Rgb8): PhotoAnalysis['exposure'] {
  const d = img.data;
  const n = img.width * img.height;
  const hist = new Uint32Array(256);
  const step = Math.max(1, Math.floor(n / 200_000));
  let count = 0;
  let sum = 0;
  for (let p = 0; p < n; p += step) {
    const i = p * 3;
    const v = (0.2126 * d[i] + 0.7152 * d[i + 1] + 0.0722 * d[i + 2] + 0.5) | 0;
    hist[v]++;
    sum += v;
    count++;
  }
  const at = (q: number) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v];
      if (acc >= q * count) return v / 255;
    }
    return 1;
  };
  return { p1: at(0.01), p5: at(0.05), p50: at(0.5), p95: at(0.95), p99: at(0.99), mean: sum / count / 255 };
}

/** Area-averaged copy with the long side `long` (never enlarged), as 0..1 floats. */
export function downscale(img: Rgb8, long: number): { width: number; height: number; data: Float32Array } {
  const scale = Math.min(1, long / Math.max(img.width, img.height));
  return downscaleTo(img, Math.max(1, Math.round(img.width * scale)), Math.max(1, Math.round(img.height * scale)));
}

/**
 * Area-averaged copy at exactly w × h (w ≤ width, h ≤ height), as 0..1 floats. At most about
 * 6 × 6 samples go into each output pixel: a 6000 px print is checked as fast as a preview.
 */
export function downscaleTo(img: Rgb8, w: number, h: number): { width: number; height: number; data: Float32Array } {
  const { width: W, height: H, data } = img;
  // Integer sums (exact, and cheaper than float read-modify-writes), by output column.
  const sums = new Uint32Array(w * h * 3);
  const cnt = new Uint32Array(w * h);
  const stepY = Math.max(1, Math.floor(H / h / 6));
  const stepX = Math.max(1, Math.floor(W / w / 6));
  const col = new Int32Array(W);
  for (let x = 0; x < W; x++) col[x] = Math.min(w - 1, Math.floor((x * w) / W)) * 3;
  const step3 = stepX * 3;
  for (let y = 0; y < H; y += stepY) {
    const row = Math.min(h - 1, Math.floor((y * h) / H)) * w * 3;
    const end = (y + 1) * W * 3;
    for (let x = 0, i = y * W * 3; i < end; x += stepX, i += step3) {
      const o = row + col[x];
      sums[o] += data[i];
      sums[o + 1] += data[i + 1];
      sums[o + 2] += data[i + 2];
    }
  }
  // Samples per output pixel: the rows of each output row times the columns of each output column.
  const perRow = new Uint32Array(h);
  for (let y = 0; y < H; y += stepY) perRow[Math.min(h - 1, Math.floor((y * h) / H))]++;
  const perCol = new Uint32Array(w);
  for (let x = 0; x < W; x += stepX) perCol[col[x] / 3]++;
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) cnt[y * w + x] = perRow[y] * perCol[x];
  const out = new Float32Array(w * h * 3);
  for (let o = 0; o < w * h; o++) {
    const k = 1 / (255 * (cnt[o] || 1));
    out[o * 3] = sums[o * 3] * k;
    out[o * 3 + 1] = sums[o * 3 + 1] * k;
    out[o * 3 + 2] = sums[o * 3 + 2] * k;
  }
  return { width: w, height: h, data: out };
}

/** Hasler & Süsstrunk (2003): σ and μ of the opponent channels rg and yb. */
function hasler(img: { data: Float32Array }): number {
  const d = img.data;
  const n = d.length / 3;
  let mrg = 0;
  let myb = 0;
  let srg = 0;
  let syb = 0;
  for (let i = 0; i < d.length; i += 3) {
    const rg = d[i] - d[i + 1];
    const yb = 0.5 * (d[i] + d[i + 1]) - d[i + 2];
    mrg += rg;
    myb += yb;
    srg += rg * rg;
    syb += yb * yb;
  }
  mrg /= n;
  myb /= n;
  const vrg = Math.max(0, srg / n - mrg * mrg);
  const vyb = Math.max(0, syb / n - myb * myb);
  return Math.sqrt(vrg + vyb) + 0.3 * Math.sqrt(mrg * mrg + myb * myb);
}

/**
 * Immerkær's fast noise estimate: the Laplacian-difference mask [1 −2 1; −2 4 −2; 1 −2 1]
 * cancels image structure up to second order, what is left is noise. Strong edges (the top
 * 10 % of gradient) are skipped so a detailed photo is not mistaken for a noisy one.
 */
function noiseSigma(img: Rgb8): number {
  const { width: w, height: h, data } = img;
  if (w < 3 || h < 3) return 0;
  // At most ~250 k pixels are looked at: rows and columns are skipped on large images.
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 250_000)));
  const sw = Math.floor((w - 1) / step) + 1;
  const sh = Math.floor((h - 1) / step) + 1;
  const lum = new Float32Array(sw * sh);
  for (let y = 0; y < sh; y++) {
    for (let x = 0, i = y * step * w * 3; x < sw; x++, i += step * 3) {
      lum[y * sw + x] = (0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2]) / 255;
    }
  }
  const m = (sw - 2) * (sh - 2);
  if (m <= 0) return 0;
  // One pass: the mask's response summed per gradient bin; the bins under the 90th
  // percentile of gradient are then added up (a bin is 1/128 wide, as the limit is).
  const hist = new Uint32Array(256);
  const sums = new Float64Array(256);
  for (let y = 1; y < sh - 1; y++) {
    for (let x = 1; x < sw - 1; x++) {
      const i = y * sw + x;
      const n = lum[i - sw];
      const s = lum[i + sw];
      const e = lum[i + 1];
      const wv = lum[i - 1];
      const v = Math.abs(
        lum[i - sw - 1] + lum[i - sw + 1] + lum[i + sw - 1] + lum[i + sw + 1] - 2 * (n + s + e + wv) + 4 * lum[i],
      );
      const g = Math.abs(e - wv) + Math.abs(s - n);
      const b = Math.min(255, (g * 128) | 0);
      hist[b]++;
      sums[b] += Math.fround(v);
    }
  }
  let acc = 0;
  let bin = 0;
  while (bin < 255 && acc + hist[bin] < m * 0.9) acc += hist[bin++];
  let sum = 0;
  let count = 0;
  for (let b = 0; b <= bin; b++) {
    sum += sums[b];
    count += hist[b];
  }
  return count ? (Math.sqrt(Math.PI / 2) * sum) / (6 * count) : 0;
}

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
    srgbToOklab(clamp(data[i * 3]), clamp(data[i * 3 + 1]), clamp(data[i * 3 + 2]), lab, i * 3);

  // Colour distinctness: against each side of the frame (what differs from all four sides is
  // not background) and colour rarity (Cheng's histogram contrast: a colour that few pixels
  // share, like an orange star among green ones, stands out).
  const blurred = blurPlaneRgb(lab, w, h, 1);
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
  const smooth = blurPlane(out, w, h, 1.5);
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
  const smooth = blurPlane(map, N, N, 2.5);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(N - 1, Math.floor(((y + 0.5) * N) / h));
    for (let x = 0; x < w; x++) out[y * w + x] = smooth[sy * N + Math.min(N - 1, Math.floor(((x + 0.5) * N) / w))];
  }
  return out;
}

/** In-place radix-2 2-D FFT of an N × N complex array (N a power of two). */
function fft2(re: Float64Array, im: Float64Array, N: number, inverse: boolean): void {
  const rowRe = new Float64Array(N);
  const rowIm = new Float64Array(N);
  for (let pass = 0; pass < 2; pass++) {
    for (let a = 0; a < N; a++) {
      for (let b = 0; b < N; b++) {
        const i = pass === 0 ? a * N + b : b * N + a;
        rowRe[b] = re[i];
        rowIm[b] = im[i];
      }
      fft1(rowRe, rowIm, inverse);
      for (let b = 0; b < N; b++) {
        const i = pass === 0 ? a * N + b : b * N + a;
        re[i] = rowRe[b];
        im[i] = rowIm[b];
      }
    }
  }
}

function fft1(re: Float64Array, im: Float64Array, inverse: boolean): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j], re[i]];
      [im[i], im[j]] = [im[j], im[i]];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = ((inverse ? 2 : -2) * Math.PI) / len;
    const wr = Math.cos(ang);
    const wi = Math.sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci;
        const ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr;
        im[b] = im[a] - ti;
        re[a] += tr;
        im[a] += ti;
        const nr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = nr;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] /= n;
      im[i] /= n;
    }
  }
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

/**
 * Mean OKLab colour inside and outside the subject; inside weighted by saliency⁴ so the subject's
 * own colour counts, not the margin of background the (blurred) mask takes with it.
 */
function meanColours(
  small: { data: Float32Array },
  mask: Uint8Array,
  sal: Float32Array,
): { inside: [number, number, number]; outside: [number, number, number] } {
  const s = [0, 0, 0, 0, 0, 0];
  let ni = 0;
  let no = 0;
  const lab = [0, 0, 0];
  for (let i = 0; i < mask.length; i++) {
    srgbToOklab(clamp(small.data[i * 3]), clamp(small.data[i * 3 + 1]), clamp(small.data[i * 3 + 2]), lab);
    const wgt = mask[i] ? sal[i] ** 4 : 1;
    const o = mask[i] ? 0 : 3;
    for (let c = 0; c < 3; c++) s[o + c] += lab[c] * wgt;
    if (mask[i]) ni += wgt;
    else no++;
  }
  const k = 1 / Math.max(1e-6, ni);
  const q = 1 / Math.max(1, no);
  return { inside: [s[0] * k, s[1] * k, s[2] * k], outside: [s[3] * q, s[4] * q, s[5] * q] };
}

/** The subject map resampled (bilinear) to another size, e.g. a style's working size. */
export function resamplePlane(p: Plane, width: number, height: number): Float32Array {
  const out = f32(width * height);
  const { width: w, height: h, data } = p;
  // The columns' source pixels and weights are the same on every row.
  const xas = new Int32Array(width);
  const xbs = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / width - 0.5));
    const x0 = Math.min(w - 2, Math.floor(fx));
    xas[x] = Math.max(0, x0);
    xbs[x] = Math.min(w - 1, xas[x] + 1);
    txs[x] = w > 1 ? fx - xas[x] : 0;
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / height - 0.5));
    const y0 = Math.min(h - 2, Math.floor(fy));
    const ty = h > 1 ? fy - Math.max(0, y0) : 0;
    const r0 = Math.max(0, y0) * w;
    const r1 = Math.min(h - 1, Math.max(0, y0) + 1) * w;
    for (let x = 0, o = y * width; x < width; x++, o++) {
      const xa = xas[x];
      const xb = xbs[x];
      const tx = txs[x];
      const top = data[r0 + xa] + (data[r0 + xb] - data[r0 + xa]) * tx;
      const bot = data[r1 + xa] + (data[r1 + xb] - data[r1 + xa]) * tx;
      out[o] = top + (bot - top) * ty;
    }
  }
  return out;
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

function blurPlane(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * r + 1);
  let s = 0;
  for (let i = -r; i <= r; i++) s += k[i + r] = Math.exp((-i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= s;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++) acc += k[i + r] * src[y * w + Math.min(w - 1, Math.max(0, x + i))];
      tmp[y * w + x] = acc;
    }
  }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let acc = 0;
      for (let i = -r; i <= r; i++) acc += k[i + r] * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x];
      out[y * w + x] = acc;
    }
  }
  return out;
}

function blurPlaneRgb(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const out = new Float32Array(src.length);
  const ch = new Float32Array(w * h);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < w * h; i++) ch[i] = src[i * 3 + c];
    const b = blurPlane(ch, w, h, sigma);
    for (let i = 0; i < w * h; i++) out[i * 3 + c] = b[i];
  }
  return out;
}

function clamp(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

/**
 * Mean of an interleaved 3-channel image over the subject, weighted by subject⁴ so the
 * subject's own colour counts rather than the margin around it.
 */
export function subjectMean(data: Float32Array, subject: Float32Array): [number, number, number] {
  let a = 0;
  let b = 0;
  let c = 0;
  let n = 0;
  for (let i = 0; i < subject.length; i++) {
    const s = subject[i];
    if (s < 0.3) continue;
    const wgt = s * s * s * s;
    a += data[i * 3] * wgt;
    b += data[i * 3 + 1] * wgt;
    c += data[i * 3 + 2] * wgt;
    n += wgt;
  }
  return n > 0 ? [a / n, b / n, c / n] : [Number.NaN, Number.NaN, Number.NaN];
}

/**
 * k-means centres plus, if none of them is within `distance` of the subject's own colour, one
 * more centre at that colour: a small subject keeps a colour of its own instead of taking the
 * background's. Returns the centres, their count and which one is the subject's.
 */
export function withSubjectCentre(
  centres: Float32Array,
  k: number,
  data: Float32Array,
  subject: Float32Array,
  distance: number,
): { centres: Float32Array; k: number; subjectIndex: number } {
  const m = subjectMean(data, subject);
  if (Number.isNaN(m[0])) return { centres, k, subjectIndex: -1 };
  let nearest = Infinity;
  let index = -1;
  for (let c = 0; c < k; c++) {
    const d = Math.hypot(centres[c * 3] - m[0], centres[c * 3 + 1] - m[1], centres[c * 3 + 2] - m[2]);
    if (d < nearest) [nearest, index] = [d, c];
  }
  if (nearest <= distance) return { centres, k, subjectIndex: index };
  const out = f32((k + 1) * 3);
  out.set(centres);
  out.set(m, k * 3);
  return { centres: out, k: k + 1, subjectIndex: k };
}

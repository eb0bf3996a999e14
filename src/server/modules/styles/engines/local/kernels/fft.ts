/** The fast Fourier transform the subject map's spectral residual runs on. */

/** In-place radix-2 2-D FFT of an N × N complex array (N a power of two). */
export function fft2(re: Float64Array, im: Float64Array, N: number, inverse: boolean): void {
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

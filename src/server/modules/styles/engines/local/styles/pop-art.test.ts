import { describe, expect, it } from 'vitest';
import { printTreatments } from './pop-art.js';

/** Relative luminance of an sRGB ink (0..255), linear. */
function luminance([r, g, b]: readonly number[]): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

/** How light a print reads from a step back: its ink, or half dots and half ground. */
function printed(t: { base: readonly number[]; dot: readonly number[]; dots: boolean }): number {
  return t.dots ? (luminance(t.base) + luminance(t.dot)) / 2 : luminance(t.base);
}

/** Clusters as OKLab centres (L, a, b) with the share of the picture each covers. */
function treatmentsOf(clusters: Array<{ L: number; a: number; b: number; share: number }>) {
  const plain = new Float32Array(clusters.flatMap(({ L, a, b }) => [L, a, b]));
  const labels = new Uint8Array(1000);
  let at = 0;
  clusters.forEach(({ share }, c) => {
    const end = Math.min(labels.length, at + Math.round(share * labels.length));
    labels.fill(c, at, end);
    at = end;
  });
  return printTreatments(plain, clusters.length, labels, 0);
}

describe('Pop Art inks', () => {
  it('keeps a night photo dark: no cluster prints lighter than a lighter one', () => {
    // A recovered night street: navy sky, two large dark greys (houses, road), the lamps' glow.
    const clusters = [
      { L: 0.27, a: -0.003, b: -0.074, share: 0.19 },
      { L: 0.31, a: 0.003, b: -0.007, share: 0.44 },
      { L: 0.4, a: 0.006, b: 0.019, share: 0.22 },
      { L: 0.51, a: 0.01, b: 0.042, share: 0.11 },
      { L: 0.68, a: 0.01, b: 0.058, share: 0.01 },
      { L: 0.91, a: 0.003, b: 0.065, share: 0.03 },
    ];
    const prints = treatmentsOf(clusters).map(printed);
    for (let c = 1; c < prints.length; c++) expect(prints[c]).toBeGreaterThanOrEqual(prints[c - 1]!);
    // The two dark greys print alike no more: the lighter one is told apart, and stays dark.
    expect(prints[2]).toBeGreaterThan(prints[1]!);
    expect(prints[2]).toBeLessThan(0.2);
  });

  it('tells large pale areas apart by stepping the darker ones down, the lightest kept paper', () => {
    // A high-key scene: three near-white greys covering most of the picture.
    const clusters = [
      { L: 0.3, a: 0, b: 0, share: 0.1 },
      { L: 0.86, a: 0, b: 0, share: 0.3 },
      { L: 0.9, a: 0, b: 0, share: 0.3 },
      { L: 0.95, a: 0, b: 0, share: 0.3 },
    ];
    const treatments = treatmentsOf(clusters);
    const prints = treatments.map(printed);
    for (let c = 1; c < prints.length; c++) expect(prints[c]).toBeGreaterThanOrEqual(prints[c - 1]!);
    expect(treatments[3]).toMatchObject({ dots: false });
    expect(prints[3]).toBeGreaterThan(prints[1]!);
  });
});

/** What the contact-sheet scripts share: captions and image cells on the sheet's dark ground. */
import sharp from 'sharp';

function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/** Light text on a transparent strip `height` px tall, its baseline at `baseline`. */
export function captioner({ height, fontSize, baseline }: { height: number; fontSize: number; baseline: number }) {
  return (text: string, width: number): Buffer =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<text x="4" y="${baseline}" font-family="DejaVu Sans, sans-serif" font-size="${fontSize}" fill="#eee">${escapeXml(text)}</text></svg>`,
    );
}

/** The image upright and whole in a `cell` px square, the rest dark. */
export async function fitCell(image: Buffer | Uint8Array, cell: number): Promise<Buffer> {
  return sharp(image).rotate().resize(cell, cell, { fit: 'contain', background: '#1b1b1b' }).png().toBuffer();
}

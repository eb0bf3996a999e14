/**
 * The picture link previews show (og:image): the promotional card /transform/thumbnail draws
 * in the browser (storefront §2), drawn here with sharp as a 1200×630 PNG — the shop's name,
 * its line, and the first built-in pair as two tilted prints — so a shared link shows the
 * shop's own card rather than a bare artwork. Made once per process, from files that ship
 * with the shop.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp, { type OverlayOptions } from 'sharp';
import { SHARE_IMAGE } from '../../../domain/pages.js';
import { escapeHtml } from '../../infra/html.js';
import { EXAMPLES_ASSET_DIR, STATIC_EXAMPLE_PAIRS } from './static-examples.js';

/** The thumbnail's colours (styles.css: primary, primary-foreground, the warm highlight, accent). */
const COLOURS = { ground: '#034649', text: '#fbf8f1', highlight: '#f6c9a4', accent: '#ad4216', ink: '#034649' };
const FRAME = { width: 300, pad: 12, photo: { width: 276, height: 345 }, caption: 52 };

async function framedPrint(file: string, caption: string, degrees: number): Promise<Buffer> {
  const photo = await sharp(await readFile(join(EXAMPLES_ASSET_DIR, file)))
    .resize(FRAME.photo.width, FRAME.photo.height, { fit: 'cover' })
    .toBuffer();
  const height = FRAME.pad + FRAME.photo.height + FRAME.caption;
  const label = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${FRAME.width}" height="${height}">
      <rect width="100%" height="100%" fill="#ffffff"/>
      <text x="50%" y="${FRAME.pad + FRAME.photo.height + 34}" text-anchor="middle" font-family="DejaVu Serif, Georgia, serif" font-size="20" fill="${COLOURS.ink}">${escapeHtml(caption)}</text>
    </svg>`,
  );
  const print = await sharp(label)
    .composite([{ input: photo, left: FRAME.pad, top: FRAME.pad }])
    .png()
    .toBuffer();
  return sharp(print)
    .rotate(degrees, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

export async function renderShareImage(siteName: string, iconSvg: Buffer | null): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE;
  const pair = STATIC_EXAMPLE_PAIRS[0]!;
  const [original, artwork] = await Promise.all([
    framedPrint(pair.originalFile, 'Your photo', -3),
    framedPrint(pair.artworkFile, 'Your artwork', 2),
  ]);
  const text = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <text x="56" y="300" font-family="DejaVu Serif, Georgia, serif" font-size="60" font-weight="600" fill="${COLOURS.text}">${escapeHtml(siteName)}</text>
      <text font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="${COLOURS.text}">
        <tspan x="56" y="352">Turn your travel photos into</tspan>
        <tspan x="56" y="384">personal artwork.</tspan>
      </text>
      <text x="56" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="17" font-weight="600" letter-spacing="3.5" fill="${COLOURS.highlight}">PRINT YOUR JOURNEY</text>
      <circle cx="818" cy="315" r="28" fill="${COLOURS.accent}"/>
      <path d="M804 315 H830 M820 304 L831 315 L820 326" stroke="${COLOURS.text}" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>
    </svg>`,
  );
  const layers: OverlayOptions[] = [
    { input: original, left: 478, top: 100 },
    { input: artwork, left: 858, top: 100 },
    { input: text, left: 0, top: 0 },
  ];
  if (iconSvg)
    layers.push({ input: await sharp(iconSvg, { density: 288 }).resize(64, 64).png().toBuffer(), left: 56, top: 180 });
  return sharp({ create: { width, height, channels: 4, background: COLOURS.ground } })
    .composite(layers)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** GET /share-image.png: the same bytes to every link preview, made on first ask. */
export function shareImageRoute(app: FastifyInstance, siteName: string, iconPath: string | null): void {
  let image: Promise<Buffer> | undefined;
  app.get(SHARE_IMAGE.path, async (_request, reply) => {
    image ??= (iconPath ? readFile(iconPath).catch(() => null) : Promise.resolve(null)).then((icon) =>
      renderShareImage(siteName, icon),
    );
    image.catch(() => (image = undefined));
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await image);
  });
}

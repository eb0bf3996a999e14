/**
 * Rows and files for tests that need a photo or an artwork without going through the
 * upload: an `images` row whose original and display copy are real JPEGs in storage.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import { images, image_transformations } from '../db/schema.js';

export const PHOTOS_DIR = join(import.meta.dirname, '../../../assets/photos');

/** A real photo from assets/photos, enlarged to the given size (a 12 MP camera photo by default). */
export async function cameraPhoto(name = 'lake-boats-sunset.jpg', width = 4000, height = 3000): Promise<Buffer> {
  return sharp(readFileSync(join(PHOTOS_DIR, name)))
    .resize(width, height, { fit: 'cover' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function insertPhoto(context: AppContext, original: Buffer, fileName = 'photo.jpg') {
  const id = randomUUID();
  const display = await sharp(original)
    .rotate()
    .resize(2048, 2048, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 85 })
    .toBuffer();
  const { width, height } = await sharp(original).metadata();
  const storagePath = `original/${Date.now()}-${id}`;
  const displayPath = `display/${id}.jpg`;
  await context.storage.put(storagePath, original, { contentType: 'image/jpeg' });
  await context.storage.put(displayPath, display, { contentType: 'image/jpeg' });
  const [row] = await context.db
    .insert(images)
    .values({
      id,
      file_name: fileName,
      storage_path: storagePath,
      display_path: displayPath,
      checksum: id,
      mime_type: 'image/jpeg',
      byte_size: original.length,
      width: width!,
      height: height!,
    })
    .returning();
  return row;
}

/** A completed transformation with a real artwork JPEG in storage. */
export async function insertArtwork(context: AppContext, options: { styleId?: string | null; original?: Buffer } = {}) {
  const image = await insertPhoto(context, options.original ?? (await cameraPhoto(undefined, 1600, 1200)));
  const id = randomUUID();
  const artwork = await sharp(await context.storage.get(image.display_path))
    .modulate({ saturation: 1.6 })
    .jpeg()
    .toBuffer();
  const { width, height } = await sharp(artwork).metadata();
  const key = `artworks/${id}.jpg`;
  await context.storage.put(key, artwork, { contentType: 'image/jpeg' });
  const [row] = await context.db
    .insert(image_transformations)
    .values({
      id,
      image_id: image.id,
      style_id: options.styleId ?? null,
      status: 'completed',
      progress: 100,
      storage_path: key,
      width,
      height,
      completed_at: new Date(),
    })
    .returning();
  return { image, transformation: row };
}

/** The shop's public API from a test: a photo uploaded and an artwork made without a browser. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT } from './server';

/** The lake photo every storefront test starts from. */
export const LAKE_PHOTO = join(ROOT, 'assets/photos/lake-boats-sunset.jpg');

/** The body of a successful answer; anything else fails the test with the answer's text. */
export async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.status} ${response.url}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Uploads a photo (the lake by default) as a visitor does; answers its image id. */
export async function uploadPhoto(shopUrl: string, photo?: Buffer): Promise<string> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(photo ?? (await readFile(LAKE_PHOTO)))], { type: 'image/jpeg' }),
    'lake.jpg',
  );
  return (await json<{ id: string }>(await fetch(`${shopUrl}/api/images`, { method: 'POST', body: form }))).id;
}

/** Turns the photo into an artwork in the named style and waits for it; answers the transformation id. */
export async function makeArtwork(shopUrl: string, imageId: string, styleName: string): Promise<string> {
  const styles = await json<Array<{ id: string; name: string }>>(await fetch(`${shopUrl}/api/styles`));
  const style = styles.find((candidate) => candidate.name === styleName);
  if (!style) throw new Error(`no style named ${styleName}`);
  const { transformationId } = await json<{ transformationId: string }>(
    await fetch(`${shopUrl}/api/transformations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ imageId, styleId: style.id }),
    }),
  );
  for (;;) {
    const state = await json<{ status: string }>(await fetch(`${shopUrl}/api/transformations/${transformationId}`));
    if (state.status === 'completed') return transformationId;
    if (state.status === 'failed') throw new Error(`the ${styleName} artwork failed`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The Art Styles screen's API (admin §2 Art Styles, §5, §7, §8) and the storefront seeing it at once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { STYLE_MESSAGES, type AdminStyle } from '../../../domain/admin-styles.js';
import { createAccount, multipart, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie, origin: SAME_ORIGIN }, payload });

const storefrontNames = async () =>
  ((await shop.app.inject({ url: '/api/styles' })).json() as Array<{ name: string }>).map((style) => style.name);

async function photoWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3a7ca5' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'X100' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1' } })
    .toBuffer();
}

async function uploadPreview(bytes: Buffer, type = 'image/jpeg') {
  const body = await multipart([{ name: 'preview', fileName: 'Lisbon Tram.JPG', type, bytes }]);
  return shop.app.inject({
    method: 'POST',
    url: '/api/admin/styles/previews',
    headers: { cookie, origin: SAME_ORIGIN, ...body.headers },
    payload: body.payload,
  });
}

describe('GET /api/admin/styles lists every style, ordered by name', () => {
  it('includes inactive styles and hosted-AI styles the storefront cannot offer, marked so', async () => {
    const styles: AdminStyle[] = (await admin('GET', '/api/admin/styles')).json();
    const names = styles.map((style) => style.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const ai = styles.find((style) => style.name === 'Impressionist (AI)')!;
    expect(ai).toMatchObject({ engine: 'hosted-ai', engine_available: false, is_active: true });
    expect(ai.style_prompt).toContain('impressionist');
  });
});

describe('a new style with a preview shows in the storefront picker at once', () => {
  let created: AdminStyle;

  it('stores the preview under style-previews/ with a timestamped name, re-encoded without metadata', async () => {
    const response = await uploadPreview(await photoWithGps());
    expect(response.statusCode).toBe(201);
    const { path, url } = response.json();
    expect(path).toMatch(/^style-previews\/\d{13}-lisbon-tram-jpg\.jpg$/);
    expect(url).toBe(`/files/${path}`);
    const served = await shop.app.inject({ url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(800);

    const style = await admin('POST', '/api/admin/styles', {
      name: 'Charcoal Nights',
      style_prompt: 'Dark charcoal strokes',
      engine: 'ink-sketch',
      is_active: true,
      preview_image_path: path,
    });
    expect(style.statusCode).toBe(201);
    created = style.json();
    expect(created).toMatchObject({
      name: 'Charcoal Nights',
      engine: 'ink-sketch',
      preview_image_url: url,
      engine_available: true,
    });
    const picker = (await shop.app.inject({ url: '/api/styles' })).json();
    expect(picker.find((entry: { name: string }) => entry.name === 'Charcoal Nights')).toEqual({
      id: created.id,
      name: 'Charcoal Nights',
      preview_image_path: url,
    });
  });

  it('a deactivated style leaves the picker; reactivated, it is back', async () => {
    expect(
      (await admin('PATCH', `/api/admin/styles/${created.id}/active`, { is_active: false })).json().is_active,
    ).toBe(false);
    expect(await storefrontNames()).not.toContain('Charcoal Nights');
    await admin('PATCH', `/api/admin/styles/${created.id}/active`, { is_active: true });
    expect(await storefrontNames()).toContain('Charcoal Nights');
  });

  it('an edit renames it and changes its engine', async () => {
    const response = await admin('PUT', `/api/admin/styles/${created.id}`, {
      name: 'Charcoal Evenings',
      style_prompt: 'Soft charcoal',
      engine: 'watercolour',
      is_active: true,
      preview_image_path: created.preview_image_path,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Charcoal Evenings',
      engine: 'watercolour',
      style_prompt: 'Soft charcoal',
    });
    expect(await storefrontNames()).toContain('Charcoal Evenings');
  });

  it('a deleted style is gone from both lists, and its preview is queued for removal', async () => {
    expect((await admin('DELETE', `/api/admin/styles/${created.id}`)).statusCode).toBe(204);
    expect(await storefrontNames()).not.toContain('Charcoal Evenings');
    const again = await admin('DELETE', `/api/admin/styles/${created.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(STYLE_MESSAGES.notFound);
  });
});

describe('the style form rules (admin §5)', () => {
  it("refuses a blank name: 'Style name is required'", async () => {
    const response = await admin('POST', '/api/admin/styles', { name: '   ', engine: 'pop-art' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Style name is required');
  });

  it('needs a prompt for the hosted AI engine, and a known engine', async () => {
    const noPrompt = await admin('POST', '/api/admin/styles', {
      name: 'Dreamy',
      engine: 'hosted-ai',
      style_prompt: ' ',
    });
    expect(noPrompt.json().error).toBe(STYLE_MESSAGES.promptRequiredForAi);
    const unknown = await admin('POST', '/api/admin/styles', { name: 'Dreamy', engine: 'crayon' });
    expect(unknown.statusCode).toBe(400);
  });

  it('a hosted-AI style is saved but not offered while no image AI is configured', async () => {
    const response = await admin('POST', '/api/admin/styles', {
      name: 'Ukiyo-e (AI)',
      engine: 'hosted-ai',
      style_prompt: 'A woodblock print in the ukiyo-e manner',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().engine_available).toBe(false);
    expect(await storefrontNames()).not.toContain('Ukiyo-e (AI)');
  });

  it("refuses a preview of 5MB or more: 'Image size must be less than 5MB'", async () => {
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await uploadPreview(big);
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe('Image size must be less than 5MB');
  });

  it('refuses a preview that is not an image, whatever it claims', async () => {
    const response = await uploadPreview(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe(STYLE_MESSAGES.notAnImage);
  });

  it('refuses a preview path that was never uploaded', async () => {
    const response = await admin('POST', '/api/admin/styles', {
      name: 'Ghost',
      engine: 'pop-art',
      preview_image_path: 'style-previews/never-uploaded.jpg',
    });
    expect(response.statusCode).toBe(404);
  });
});

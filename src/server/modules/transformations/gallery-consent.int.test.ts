/**
 * The visitor's say over the public gallery (issue 34): asked before the artwork is made,
 * defaulting to the owner's setting, withdrawable later by whoever made it (the edit token)
 * or bought it (the order's id); Home shows only artworks whose makers agreed, and the
 * owner's hide still wins.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GALLERY_CONSENT_TEXT } from '../../../domain/gallery.js';
import { TRANSFORMATION_MESSAGES } from '../../../domain/admin-transformations.js';
import { image_transformations } from '../../db/schema.js';
import { createAccount, SAME_ORIGIN, signInCookie } from '../../testing/admin-session.js';
import { checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

let shop: TestApp;
let cookie: string;

beforeAll(async () => {
  shop = await createTestApp();
  await createAccount(shop.context, 'owner@example.com', 'owner-password-1', 'admin');
  cookie = await signInCookie(shop.app, 'owner@example.com', 'owner-password-1');
});
afterAll(async () => shop?.close());

const admin = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  shop.app.inject({ method, url, headers: { cookie, origin: SAME_ORIGIN }, payload });
const consentOf = async (id: string) =>
  (
    await shop.context.db
      .select({ consent: image_transformations.gallery_consent, example: image_transformations.is_homepage_example })
      .from(image_transformations)
      .where(eq(image_transformations.id, id))
  )[0];
const setRow = (id: string, values: Partial<typeof image_transformations.$inferInsert>) =>
  shop.context.db.update(image_transformations).set(values).where(eq(image_transformations.id, id));
const recentIds = async () =>
  ((await shop.app.inject({ url: '/api/gallery' })).json() as { recent: Array<{ id: string }> }).recent.map(
    (item) => item.id,
  );

async function start(body: object): Promise<{ transformationId: string; editToken: string }> {
  const { imageId } = await createArtwork(shop.context);
  const [style] = (await shop.app.inject({ url: '/api/styles' })).json() as Array<{ id: string }>;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/transformations',
    payload: { imageId, styleId: style!.id, ...body },
  });
  expect(response.statusCode).toBe(202);
  return response.json();
}

describe('the gallery question, before the artwork is made', () => {
  it("keeps the visitor's answer, yes or no", async () => {
    const no = await start({ galleryConsent: false });
    const yes = await start({ galleryConsent: true });
    expect((await consentOf(no.transformationId))!.consent).toBe(false);
    expect((await consentOf(yes.transformationId))!.consent).toBe(true);
  });

  it("left unanswered, follows the owner's setting: on unless the owner turns it off", async () => {
    expect((await shop.app.inject({ url: '/api/site' })).json()).toMatchObject({ galleryConsentDefault: true });
    const before = await start({});
    expect((await consentOf(before.transformationId))!.consent).toBe(true);

    const saved = await admin('PUT', '/api/admin/settings/shop', { gallery_consent_default: false });
    expect(saved.json()).toEqual({ gallery_consent_default: false });
    expect((await shop.app.inject({ url: '/api/site' })).json()).toMatchObject({ galleryConsentDefault: false });
    const after = await start({});
    expect((await consentOf(after.transformationId))!.consent).toBe(false);
    await admin('PUT', '/api/admin/settings/shop', { gallery_consent_default: true });
  });

  it('the setting is the back office’s alone', async () => {
    const anonymous = await shop.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/shop',
      headers: { origin: SAME_ORIGIN },
      payload: { gallery_consent_default: false },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("Home's gallery shows only artworks whose makers agreed", () => {
  it('a no stays off Home; a yes shows; the owner’s hide wins over a yes', async () => {
    const agreed = await createArtwork(shop.context);
    const refused = await createArtwork(shop.context);
    const hidden = await createArtwork(shop.context);
    await setRow(agreed.transformationId, { gallery_consent: true });
    await setRow(hidden.transformationId, { gallery_consent: true, is_public: false });
    const recent = await recentIds();
    expect(recent).toContain(agreed.transformationId);
    expect(recent).not.toContain(refused.transformationId);
    expect(recent).not.toContain(hidden.transformationId);
  });

  it('the owner cannot make an artwork a homepage example without its maker’s yes', async () => {
    const refused = await createArtwork(shop.context);
    const response = await admin('PATCH', `/api/admin/transformations/${refused.transformationId}`, {
      is_homepage_example: true,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(TRANSFORMATION_MESSAGES.noConsent);
    const feed = (await admin('GET', '/api/admin/transformations')).json() as {
      items: Array<{ id: string; galleryConsent: boolean }>;
    };
    expect(feed.items.find((item) => item.id === refused.transformationId)?.galleryConsent).toBe(false);
  });
});

describe('taking it back later', () => {
  const put = (id: string, payload: object, token?: string) =>
    shop.app.inject({
      method: 'PUT',
      url: `/api/transformations/${id}/gallery`,
      headers: token ? { 'x-transformation-token': token } : {},
      payload,
    });

  it('from the artwork’s own page: the browser that made it (its token) withdraws and gives it again', async () => {
    const made = await start({ galleryConsent: true });
    const withdrawn = await put(made.transformationId, { consent: false }, made.editToken);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ galleryConsent: false });
    expect((await put(made.transformationId, { consent: true }, made.editToken)).json()).toMatchObject({
      galleryConsent: true,
    });
  });

  it('anyone holding only the id (the gallery publishes ids) is refused, in words', async () => {
    const made = await start({ galleryConsent: true });
    for (const token of [undefined, 'not-the-token']) {
      const response = await put(made.transformationId, { consent: false }, token);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(GALLERY_CONSENT_TEXT.notYours);
    }
    expect((await consentOf(made.transformationId))!.consent).toBe(true);
  });

  it('from the order page: the order that holds the artwork proves it; another order does not', async () => {
    const bought = await createArtwork(shop.context);
    const other = await createArtwork(shop.context);
    await setRow(bought.transformationId, { gallery_consent: true, is_homepage_example: true });
    const [product] = await sellableProducts(shop.context);
    const order = async (transformationId: string) =>
      (
        await shop.app.inject({
          method: 'POST',
          url: '/api/checkout',
          payload: checkoutBody([{ product: product!, transformationId }]),
        })
      ).json().order_id as string;
    const mine = await order(bought.transformationId);
    const theirs = await order(other.transformationId);

    expect((await put(bought.transformationId, { consent: false, orderId: theirs })).statusCode).toBe(403);
    const withdrawn = await put(bought.transformationId, { consent: false, orderId: mine });
    expect(withdrawn.statusCode).toBe(200);
    // Off Home entirely: no longer a homepage example either.
    expect(await consentOf(bought.transformationId)).toEqual({ consent: false, example: false });
    expect(await recentIds()).not.toContain(bought.transformationId);
  });

  it('a body that is not a yes or no is a 400 in words', async () => {
    const made = await start({ galleryConsent: true });
    const response = await put(made.transformationId, { consent: 'maybe' }, made.editToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Say whether the artwork may be shown');
  });
});

import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { email_messages, orders } from '../../db/schema.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { addMockup, checkoutBody, createArtwork, sellableProducts } from '../../testing/fixtures/orders.js';
import { resendConfirmation } from '../orders/service.js';
import { sendOrderConfirmation } from './service.js';
import { outboxDirectory } from './transport.js';

const PUBLIC_URL = 'https://shop.example.com';

/** A paid order with two lines, one with a stored mockup. */
async function paidOrder(shop: TestApp): Promise<string> {
  const { transformationId } = await createArtwork(shop.context);
  const [mug, poster] = await sellableProducts(shop.context);
  await addMockup(shop.context, transformationId, mug.printful_variant_id!);
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/checkout',
    payload: checkoutBody([
      { product: mug, transformationId, quantity: 2 },
      { product: poster, transformationId },
    ]),
  });
  const { order_id: orderId, client_secret } = response.json();
  const paid = await shop.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: {
      client_secret,
      card: { number: '4242424242424242', exp_month: 1, exp_year: new Date().getFullYear() + 1, cvc: '123' },
    },
  });
  expect(paid.statusCode).toBe(200);
  return orderId;
}

/** Quoted-printable, as nodemailer writes long HTML lines. */
function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

describe('the confirmation e-mail in the outbox (no SMTP_URL)', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp({ env: { PUBLIC_URL, SITE_NAME: 'Wanderer', SUPPORT_EMAIL: 'help@example.com' } });
  });
  afterAll(async () => shop?.close());

  it('writes the message row and an .eml file with the order number, items with mockups, total and tracking link', async () => {
    const orderId = await paidOrder(shop);
    const sent = await sendOrderConfirmation(shop.context, orderId);
    expect(sent?.skipped).toBe(false);

    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.confirmation_email_sent_at).toBeInstanceOf(Date);
    const [message] = await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId));
    const number = orderId.slice(0, 8).toUpperCase();
    expect(message).toMatchObject({
      kind: 'order_confirmation',
      to_address: 'jane@example.com',
      status: 'sent',
      transport: 'outbox',
      subject: `Your Wanderer order #${number} is confirmed`,
    });
    expect(message.sent_at).toBeInstanceOf(Date);

    const [mug, poster] = await sellableProducts(shop.context);
    const html = message.html;
    expect(html).toContain(`#${number}`);
    expect(html).toContain(mug.name.replace(/&/g, '&amp;'));
    expect(html).toContain(poster.name.replace(/&/g, '&amp;'));
    expect(html).toMatch(new RegExp(`<img src="${PUBLIC_URL}/files/mockups/[^"]+\\.jpg"`));
    expect(html).toContain(`2 × $${mug.final_price!.toFixed(2)}`);
    const total = `$${(order.total_amount / 100).toFixed(2)}`;
    expect(html).toContain(total);
    expect(html).toContain(`href="${PUBLIC_URL}/order-status/${orderId}"`);
    expect(html).toContain('3-5 business days');
    expect(html).toContain('help@example.com');
    expect(html).toContain(`${PUBLIC_URL}/api/email/open/${message.id}.gif`);
    expect(message.text_body).toContain(`Track your order: ${PUBLIC_URL}/order-status/${orderId}`);

    const eml = await readFile(join(outboxDirectory(shop.config), `${message.id}.eml`), 'utf8');
    // Issue 10: the outbox holds names and addresses, readable by the shop's user only.
    expect((await stat(join(outboxDirectory(shop.config), `${message.id}.eml`))).mode & 0o777).toBe(0o600);
    expect((await stat(outboxDirectory(shop.config))).mode & 0o777).toBe(0o700);
    expect(eml).toContain('To: jane@example.com');
    expect(eml).toContain('From: Wanderer <help@example.com>');
    expect(eml).toContain(`Message-ID: <${message.id}@shop.example.com>`);
    expect(eml).toMatch(/Content-Type: text\/html/);
    const decoded = decodeQuotedPrintable(eml);
    expect(decoded).toContain(`${PUBLIC_URL}/order-status/${orderId}`);
    expect(decoded).toContain(total);
  });

  it('sends once: the job run again finds it sent', async () => {
    const orderId = await paidOrder(shop);
    await sendOrderConfirmation(shop.context, orderId);
    expect(await sendOrderConfirmation(shop.context, orderId)).toBeNull();
    expect(
      await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId)),
    ).toHaveLength(1);
  });

  it('records the first open from the tracking pixel on the message and the order', async () => {
    const orderId = await paidOrder(shop);
    const { messageId } = (await sendOrderConfirmation(shop.context, orderId))!;
    const pixel = await shop.app.inject({ method: 'GET', url: `/api/email/open/${messageId}.gif` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    const firstOpen = order.confirmation_email_opened_at;
    expect(firstOpen).toBeInstanceOf(Date);

    await new Promise((resolve) => setTimeout(resolve, 20));
    await shop.app.inject({ method: 'GET', url: `/api/email/open/${messageId}.gif` });
    const [again] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(again.confirmation_email_opened_at).toEqual(firstOpen);
    const [message] = await shop.context.db.select().from(email_messages).where(eq(email_messages.id, messageId));
    expect(message.opened_at).toEqual(firstOpen);
  });

  it('answers the pixel for unknown or malformed ids without an error', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000.gif', 'nonsense.gif', "x'.gif"]) {
      expect((await shop.app.inject({ method: 'GET', url: `/api/email/open/${id}` })).statusCode).toBe(200);
    }
  });

  it('resends a paid order’s confirmation for the admin and records last_email_resent_at', async () => {
    const orderId = await paidOrder(shop);
    await sendOrderConfirmation(shop.context, orderId);
    await resendConfirmation(shop.context, orderId);
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.last_email_resent_at).toBeInstanceOf(Date);
    expect(
      await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId)),
    ).toHaveLength(2);
  });

  it('refuses to resend for an unpaid order', async () => {
    const { transformationId } = await createArtwork(shop.context);
    const [product] = await sellableProducts(shop.context);
    const response = await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId }]),
    });
    await expect(resendConfirmation(shop.context, response.json().order_id)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('the confirmation e-mail over SMTP (SMTP_URL set, a local smtp-server)', () => {
  let shop: TestApp;
  let server: SMTPServer;
  const received: Array<{ from: string; to: string[]; data: string }> = [];
  let failNext = false;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (failNext) {
            failNext = false;
            return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as { port: number };
    shop = await createTestApp({
      env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Wanderer <orders@shop.example.com>' },
    });
  });
  afterAll(async () => {
    await shop?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the confirmation to the SMTP server and records it sent', async () => {
    const orderId = await paidOrder(shop);
    const { messageId } = (await sendOrderConfirmation(shop.context, orderId))!;
    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail.from).toBe('orders@shop.example.com');
    expect(mail.to).toEqual(['jane@example.com']);
    expect(mail.data).toContain(`Subject: Your Wanderer order #${orderId.slice(0, 8).toUpperCase()} is confirmed`);
    expect(decodeQuotedPrintable(mail.data)).toContain(`${PUBLIC_URL}/order-status/${orderId}`);

    const [message] = await shop.context.db.select().from(email_messages).where(eq(email_messages.id, messageId));
    expect(message).toMatchObject({
      status: 'sent',
      transport: 'smtp',
      provider_message_id: `<${messageId}@shop.example.com>`,
    });
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.confirmation_email_sent_at).toBeInstanceOf(Date);
  });

  it('records a refused message as failed and throws, so the job retries with the same message row', async () => {
    const orderId = await paidOrder(shop);
    failNext = true;
    await expect(sendOrderConfirmation(shop.context, orderId)).rejects.toThrow();
    const [failed] = await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId));
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('Mailbox unavailable') });
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.confirmation_email_sent_at).toBeNull();

    await sendOrderConfirmation(shop.context, orderId);
    const rows = await shop.context.db.select().from(email_messages).where(eq(email_messages.order_id, orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: failed.id, status: 'sent', error: null });
  });
});

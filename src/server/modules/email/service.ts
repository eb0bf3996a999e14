/**
 * Sending the order confirmation (the spec's send-order-email, type confirmation) and
 * recording what became of it: the message row, the order's sent / resent / opened times.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../db/client.js';
import { conflict, notFound } from '../../http/errors.js';
import * as orderRecords from '../order-records/index.js';
import { renderOrderConfirmation, type ConfirmationContent } from './confirmation.js';
import { renderRefundNotice, renderShippedNotice } from './notices.js';
import * as repository from './repository.js';
import type { OrderRow } from './repository.js';
import { createMailTransport, type MailTransport } from './transport.js';

export const CONFIRMATION_KIND = 'order_confirmation';
export const SHIPPED_KIND = 'order_shipped';
export const REFUND_KIND = 'order_refund';
export const OPEN_PIXEL_ROUTE = '/api/email/open';

const transports = new WeakMap<AppContext, MailTransport>();

export function mailTransport(context: AppContext): MailTransport {
  let transport = transports.get(context);
  if (!transport) {
    transport = createMailTransport(context.config);
    transports.set(context, transport);
  }
  return transport;
}

export function openPixelUrl(publicUrl: string, messageId: string): string {
  return `${publicUrl}${OPEN_PIXEL_ROUTE}/${messageId}.gif`;
}

export interface SentConfirmation {
  messageId: string;
  skipped: boolean;
}

/**
 * Sends the confirmation of a paid order. The paid event's job sends it once: a retried job
 * finds it sent and does nothing. `resend` (the admin's action) always sends a new one.
 */
export async function sendOrderConfirmation(
  context: AppContext,
  orderId: string,
  options: { resend?: boolean } = {},
): Promise<SentConfirmation | null> {
  const { db, config } = context;
  const order = await orderRecords.findOrder(db, orderId);
  if (!order) throw notFound('Order not found');
  if (!order.paid_at) throw conflict('The order has not been paid');
  if (order.confirmation_email_sent_at && !options.resend) return null;

  const items = await orderRecords.listOrderItems(db, orderId);
  const transport = mailTransport(context);

  // A job retried after a failed send reuses its message row instead of adding another.
  const unsent = options.resend ? undefined : await repository.findUnsentMessageId(db, orderId, CONFIRMATION_KIND);
  const messageId = unsent ?? randomUUID();
  const content = renderOrderConfirmation(order, items, {
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    pixelUrl: openPixelUrl(config.publicUrl, messageId),
  });
  const row = {
    order_id: orderId,
    kind: CONFIRMATION_KIND,
    to_address: order.customer_email,
    subject: content.subject,
    html: content.html,
    text_body: content.text,
    transport: transport.kind,
    status: 'queued' as const,
    error: null,
  };
  if (unsent) await repository.rewriteMessage(db, messageId, row);
  else await repository.insertMessage(db, { id: messageId, ...row });

  // Both or neither: a message marked sent on an order still unmarked would make a retried
  // job write a second confirmation.
  await deliver(context, transport, messageId, order.customer_email, content, async (tx, now) => {
    await orderRecords.setOrderConfirmationTimes(
      tx,
      orderId,
      options.resend
        ? { last_email_resent_at: now, confirmation_email_sent_at: order.confirmation_email_sent_at ?? now }
        : { confirmation_email_sent_at: now },
    );
  });
  context.log.info({ order: orderId, message: messageId, transport: transport.kind }, 'order confirmation sent');
  return { messageId, skipped: false };
}

/** What a send records beside the message row, in the transaction that marks it sent. */
type AfterSent = (tx: Transaction, sentAt: Date, messageId: string) => Promise<void>;

/**
 * Sends a message whose row is already written, then marks the row sent (with whatever
 * `afterSent` records, in the same transaction) or failed, and rethrows a failure.
 */
async function deliver(
  context: AppContext,
  transport: MailTransport,
  messageId: string,
  to: string,
  content: ConfirmationContent,
  afterSent?: AfterSent,
): Promise<void> {
  const { db, config } = context;
  try {
    const { providerMessageId } = await transport.send({
      id: messageId,
      from: config.mailFrom,
      to,
      subject: content.subject,
      html: content.html,
      text: content.text,
    });
    const sentAt = new Date();
    await db.transaction(async (tx) => {
      await repository.markMessageSent(tx, messageId, { sentAt, providerMessageId });
      await afterSent?.(tx, sentAt, messageId);
    });
  } catch (error) {
    await repository.markMessageFailed(db, messageId, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

/** Writes a new message row and sends it. */
async function sendNew(
  context: AppContext,
  message: { orderId: string | null; kind: string; to: string; content: ConfirmationContent },
  afterSent?: AfterSent,
): Promise<{ messageId: string }> {
  const transport = mailTransport(context);
  const messageId = randomUUID();
  await repository.insertMessage(context.db, {
    id: messageId,
    order_id: message.orderId,
    kind: message.kind,
    to_address: message.to,
    subject: message.content.subject,
    html: message.content.html,
    text_body: message.content.text,
    transport: transport.kind,
    status: 'queued',
  });
  await deliver(context, transport, messageId, message.to, message.content, afterSent);
  return { messageId };
}

/** A confirmation more than this late helps nobody: the admin's Resend is there for those. */
const RECOVERY_WINDOW_MS = 7 * 24 * 3600 * 1000;
const SWEEP_BATCH = 500;

/**
 * Recovery: paid orders of the last week whose confirmation was never sent and never
 * failed (a failed one has its job retrying, or is the admin's to resend) get it queued.
 * The queue keeps one job per order, so a waiting or running job is not doubled. Returns
 * how many jobs were queued.
 */
export async function queueUnsentConfirmations(context: AppContext): Promise<number> {
  const unsent = await repository.listUnconfirmedOrderIds(context.db, {
    kind: CONFIRMATION_KIND,
    paidAfter: new Date(Date.now() - RECOVERY_WINDOW_MS),
    limit: SWEEP_BATCH,
  });
  let queued = 0;
  for (const id of unsent) {
    if (await context.jobs.send('order.send-confirmation', { orderId: id }, { singletonKey: id })) queued += 1;
  }
  return queued;
}

const messageIdSchema = z.uuid();

/** The open-tracking pixel was loaded: the first open is recorded on the message and the order. */
export async function recordEmailOpen(context: AppContext, messageId: string): Promise<boolean> {
  if (!messageIdSchema.safeParse(messageId).success) return false;
  const now = new Date();
  const message = await repository.markMessageOpened(context.db, messageId, now);
  if (!message?.order_id || message.kind !== CONFIRMATION_KIND) return Boolean(message);
  await orderRecords.markConfirmationOpened(context.db, message.order_id, now);
  return true;
}

/** Sends one customer notice and records it (message row, and the order's timeline). */
async function sendNotice(
  context: AppContext,
  order: OrderRow,
  kind: string,
  eventType: string,
  content: ConfirmationContent,
): Promise<{ messageId: string }> {
  const message = { orderId: order.id, kind, to: order.customer_email, content };
  return sendNew(context, message, async (tx, _sentAt, messageId) => {
    await orderRecords.insertOrderEvent(tx, { orderId: order.id, type: eventType, detail: { message_id: messageId } });
  });
}

export const noticeOptions = (context: AppContext) => ({
  siteName: context.config.siteName,
  publicUrl: context.config.publicUrl,
  supportEmail: context.config.supportEmail,
});

/** The "your order has shipped" e-mail, once per order: a retried job finds it sent. */
export async function sendShippedNotice(context: AppContext, orderId: string): Promise<{ messageId: string } | null> {
  const order = await orderRecords.findOrder(context.db, orderId);
  if (!order) throw notFound('Order not found');
  if (!order.shipped_at) return null;
  if (await repository.hasSentMessage(context.db, orderId, SHIPPED_KIND)) return null;
  return sendNotice(
    context,
    order,
    SHIPPED_KIND,
    'shipped_email_sent',
    renderShippedNotice(order, noticeOptions(context)),
  );
}

/** The refund e-mail, one per refund. */
export async function sendRefundNotice(
  context: AppContext,
  orderId: string,
  refund: { amount: number; full: boolean },
): Promise<{ messageId: string }> {
  const order = await orderRecords.findOrder(context.db, orderId);
  if (!order) throw notFound('Order not found');
  return sendNotice(
    context,
    order,
    REFUND_KIND,
    'refund_email_sent',
    renderRefundNotice(order, refund, noticeOptions(context)),
  );
}

/** Sends one of the account e-mails (sign-up), which belong to no order. */
export async function sendAccountEmail(
  context: AppContext,
  to: string,
  email: { kind: string; content: ConfirmationContent },
): Promise<{ messageId: string }> {
  return sendNew(context, { orderId: null, kind: email.kind, to, content: email.content });
}

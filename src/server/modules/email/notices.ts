/**
 * The customer's e-mails after the confirmation: the order has shipped (with the carrier's
 * tracking link) and money was refunded. Same look as the confirmation, a plain-text twin,
 * absolute URLs only.
 */
import { formatCents } from '../../../domain/money.js';
import { orderNumber } from '../../../domain/orders.js';
import { escapeHtml } from '../../infra/html.js';
import type { OrderRow as Order } from './repository.js';
import { trackingPageUrl, type ConfirmationContent } from './confirmation.js';

export interface NoticeOptions {
  siteName: string;
  publicUrl: string;
  supportEmail: string;
}

/** The look every customer e-mail shares; `reference` is what to quote when writing in. */
export function layout(subject: string, options: NoticeOptions, reference: string | null, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f5f2;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f5f2;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<div style="font-size:14px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280">${escapeHtml(options.siteName)}</div>
${body}
<p style="margin:24px 0 0;color:#6b7280;font-size:14px">Questions? Write to <a href="mailto:${escapeHtml(options.supportEmail)}" style="color:#111827">${escapeHtml(options.supportEmail)}</a>${reference ? ` and quote ${escapeHtml(reference)}` : ''}.</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
}

export const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(label)}</a></p>`;

export function renderShippedNotice(order: Order, options: NoticeOptions): ConfirmationContent {
  const number = orderNumber(order.id);
  const subject = `Your ${options.siteName} order #${number} has shipped`;
  const orderPage = trackingPageUrl(options.publicUrl, order.id);
  const carrier = order.tracking_carrier ?? 'the carrier';
  const tracking = order.tracking_number
    ? `<p style="margin:0 0 8px;color:#374151">Carrier: <strong>${escapeHtml(carrier)}</strong><br>Tracking number: <strong>${escapeHtml(order.tracking_number)}</strong></p>`
    : '';
  const html = layout(
    subject,
    options,
    `order #${number}`,
    `<h1 style="font-size:24px;margin:8px 0 4px">Your order is on its way!</h1>
<p style="margin:0 0 16px;color:#374151">Order <strong>#${number}</strong> has left production and is with ${escapeHtml(carrier)}.</p>
${tracking}${order.tracking_url ? button(order.tracking_url, 'Track your package') : ''}
<p style="margin:0;color:#374151">You can also follow it on <a href="${escapeHtml(orderPage)}" style="color:#111827">your order page</a>.</p>`,
  );
  const text = [
    'Your order is on its way!',
    '',
    `Order #${number} has shipped with ${carrier}.`,
    ...(order.tracking_number ? [`Tracking number: ${order.tracking_number}`] : []),
    ...(order.tracking_url ? [`Track your package: ${order.tracking_url}`] : []),
    `Your order page: ${orderPage}`,
    '',
    `Questions? ${options.supportEmail}`,
  ].join('\n');
  return { subject, html, text };
}

export function renderRefundNotice(
  order: Order,
  refund: { amount: number; full: boolean },
  options: NoticeOptions,
): ConfirmationContent {
  const number = orderNumber(order.id);
  const amount = formatCents(refund.amount, order.currency);
  const subject = `Refund of ${amount} for your ${options.siteName} order #${number}`;
  const orderPage = trackingPageUrl(options.publicUrl, order.id);
  const what = refund.full ? 'Your order is now refunded in full.' : 'Part of your order has been refunded.';
  const html = layout(
    subject,
    options,
    `order #${number}`,
    `<h1 style="font-size:24px;margin:8px 0 4px">We've refunded ${escapeHtml(amount)}</h1>
<p style="margin:0 0 16px;color:#374151">${what} We sent <strong>${escapeHtml(amount)}</strong> back to the card you paid with for order <strong>#${number}</strong>. Banks usually show it within 5–10 business days.</p>
${button(orderPage, 'View your order')}`,
  );
  const text = [
    `We've refunded ${amount}`,
    '',
    `${what} ${amount} went back to the card you paid with for order #${number}. Banks usually show it within 5-10 business days.`,
    `Your order page: ${orderPage}`,
    '',
    `Questions? ${options.supportEmail}`,
  ].join('\n');
  return { subject, html, text };
}

/**
 * The order confirmation e-mail: order number, the items with their mockups, the total,
 * what happens next and the tracking link. HTML with inline styles (mail clients ignore
 * style sheets) and a plain-text twin. Every URL is absolute: a mail has no origin.
 */
import { absoluteUrl } from '../../http/urls.js';
import { escapeHtml } from '../../infra/html.js';
import { orderAddress, postalAddressLines } from '../../infra/postal-address.js';
import { formatCents } from '../../../domain/money.js';
import {
  orderMoneyOf,
  orderNumber,
  orderSummaryRows,
  PRODUCTION_PROMISE,
  type OrderSummaryRow,
} from '../../../domain/orders.js';
import type { OrderItemRow as Item, OrderRow as Order } from './repository.js';

export interface ConfirmationContent {
  subject: string;
  html: string;
  text: string;
}

export interface ConfirmationOptions {
  siteName: string;
  publicUrl: string;
  supportEmail: string;
  /** The open-tracking pixel's URL. */
  pixelUrl: string;
}

export function trackingPageUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/order-status/${orderId}`;
}

/** The shipping address as its country writes it, with the country's name. */
const addressLines = (order: Order): string[] => postalAddressLines(orderAddress(order, 'shipping'));

/** Items, shipping, tax and total: the total bold, a note (the shipping option) beneath its label. */
function sumRow(row: OrderSummaryRow): string {
  const total = row.key === 'total';
  const cell = `padding:${total ? '12px' : '4px'} 0;${total ? 'font-weight:600;border-top:1px solid #e5e7eb' : 'color:#374151'}`;
  const note = row.note ? `<div style="color:#6b7280;font-size:13px">${escapeHtml(row.note)}</div>` : '';
  return `<tr data-sum="${row.key}">
<td style="${cell}">${escapeHtml(row.label)}${note}</td>
<td style="${cell};text-align:right;vertical-align:top">${escapeHtml(row.amount)}</td>
</tr>`;
}

export function renderOrderConfirmation(
  order: Order,
  items: Item[],
  options: ConfirmationOptions,
): ConfirmationContent {
  const number = orderNumber(order.id);
  const sums = orderSummaryRows(orderMoneyOf(order), order.currency);
  const trackingUrl = trackingPageUrl(options.publicUrl, order.id);
  const site = escapeHtml(options.siteName);
  const subject = `Your ${options.siteName} order #${number} is confirmed`;
  const placed = (order.paid_at ?? order.created_at).toISOString().slice(0, 10);

  const itemRows = items
    .map((item) => {
      const image = item.mockup_urls[0] ?? item.artwork_url;
      const imageCell = image
        ? `<img src="${escapeHtml(absoluteUrl(options, image))}" alt="${escapeHtml(item.product_name)}" width="96" height="96" style="display:block;width:96px;height:96px;object-fit:cover;border-radius:6px;border:1px solid #e5e7eb">`
        : '';
      return `<tr>
<td style="padding:12px 12px 12px 0;vertical-align:top;width:96px">${imageCell}</td>
<td style="padding:12px 0;vertical-align:top">
<div style="font-weight:600">${escapeHtml(item.product_name)}</div>
<div style="color:#6b7280;font-size:14px">${item.quantity} × ${formatCents(item.unit_price, order.currency)}</div>
</td>
<td style="padding:12px 0 12px 12px;vertical-align:top;text-align:right;white-space:nowrap">${formatCents(item.total_price, order.currency)}</td>
</tr>`;
    })
    .join('\n');

  const address = addressLines(order).map(escapeHtml).join('<br>');

  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f5f2;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f5f2;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<div style="font-size:14px;letter-spacing:.08em;text-transform:uppercase;color:#6b7280">${site}</div>
<h1 style="font-size:24px;margin:8px 0 4px">Thank you for your order!</h1>
<p style="margin:0 0 16px;color:#374151">Your payment is confirmed. Order number <strong>#${number}</strong>, placed ${placed}.</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb">
${itemRows}
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">
${sums.map(sumRow).join('\n')}
</table>
<h2 style="font-size:16px;margin:24px 0 8px">What's next</h2>
<ul style="margin:0;padding-left:20px;color:#374151;line-height:1.6">
<li>We are processing your order now.</li>
<li>Production and shipping take ${PRODUCTION_PROMISE}.</li>
<li>You will get a tracking number as soon as your package ships.</li>
</ul>
<p style="margin:24px 0"><a href="${escapeHtml(trackingUrl)}" style="display:inline-block;background:#111827;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">Track your order</a></p>
<p style="margin:0 0 4px;font-weight:600">Shipping to</p>
<p style="margin:0 0 24px;color:#374151">${address}</p>
<p style="margin:0;color:#6b7280;font-size:14px">Questions? Write to <a href="mailto:${escapeHtml(options.supportEmail)}" style="color:#111827">${escapeHtml(options.supportEmail)}</a> and quote order #${number}.</p>
</td></tr></table>
</td></tr></table>
<img src="${escapeHtml(options.pixelUrl)}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0">
</body></html>`;

  const text = [
    `Thank you for your order!`,
    ``,
    `Order number: #${number} (placed ${placed})`,
    ``,
    ...items.map(
      (item) =>
        `- ${item.product_name}: ${item.quantity} × ${formatCents(item.unit_price, order.currency)} = ${formatCents(item.total_price, order.currency)}`,
    ),
    ``,
    ...sums.map((row) => `${row.label}: ${row.amount}${row.note ? ` (${row.note})` : ''}`),
    ``,
    `What's next: we are processing your order; production and shipping take ${PRODUCTION_PROMISE}; you will get a tracking number when it ships.`,
    ``,
    `Track your order: ${trackingUrl}`,
    ``,
    `Shipping to:`,
    ...addressLines(order),
    ``,
    `Questions? ${options.supportEmail}`,
  ].join('\n');

  return { subject, html, text };
}

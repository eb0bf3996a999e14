import { describe, expect, it } from 'vitest';
import {
  adminOrderStatusLabel,
  canCancel,
  canRefund,
  canResendConfirmation,
  canRetryFulfilment,
  emailStatus,
  maskEmail,
  orderNumber,
  orderProgress,
  orderStatusLabel,
  relativeTime,
} from './orders';

describe('the order number is the first 8 characters of the id, upper-cased', () => {
  it('shows 3f2a9c1e-… as 3F2A9C1E', () =>
    expect(orderNumber('3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11')).toBe('3F2A9C1E'));
});

describe('order status display (storefront §4)', () => {
  const cases: Array<[string, string | null, string]> = [
    ['pending', null, 'Payment Pending'],
    ['paid', null, 'Payment Confirmed'],
    ['paid', 'confirmed', 'In Production'],
    ['shipped', 'shipped', 'Shipped'],
    ['failed', null, 'Order Failed'],
    ['paid', 'pending', 'Payment Confirmed'],
    ['paid', 'draft', 'Payment Confirmed'],
    ['paid', 'onhold', 'Processing'],
  ];
  for (const [status, printful_status, label] of cases) {
    it(`${status} with fulfilment status ${printful_status ?? 'none'} reads '${label}'`, () =>
      expect(orderStatusLabel({ status, printful_status })).toBe(label));
  }

  it('marks Order Placed always, Payment Confirmed when paid, In Production once confirmed, Shipped when shipped', () => {
    const done = (status: string, printful_status: string | null) =>
      orderProgress({ status, printful_status }).map((step) => `${step.label}:${step.done ? 'done' : '-'}`);
    expect(done('pending', null)).toEqual(['Order Placed:done', 'Payment Confirmed:-', 'In Production:-', 'Shipped:-']);
    expect(done('paid', null)).toEqual(['Order Placed:done', 'Payment Confirmed:done', 'In Production:-', 'Shipped:-']);
    expect(done('paid', 'confirmed')).toEqual([
      'Order Placed:done',
      'Payment Confirmed:done',
      'In Production:done',
      'Shipped:-',
    ]);
    expect(done('shipped', 'shipped')).toEqual([
      'Order Placed:done',
      'Payment Confirmed:done',
      'In Production:done',
      'Shipped:done',
    ]);
  });
});

describe('public pages show the e-mail masked', () => {
  it('keeps the first letter and the domain', () => expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com'));
  it('masks a one-letter local part too', () => expect(maskEmail('j@example.com')).toBe('j***@example.com'));
  it('never echoes something that is not an address', () => expect(maskEmail('nonsense')).toBe('***'));
});

describe('admin order status and e-mail status (admin §4)', () => {
  it('labels paid orders by their fulfilment status', () => {
    expect(adminOrderStatusLabel({ status: 'pending', printful_status: null })).toBe('Payment Pending');
    expect(adminOrderStatusLabel({ status: 'paid', printful_status: null })).toBe('Needs Printful Submission');
    expect(adminOrderStatusLabel({ status: 'paid', printful_status: 'confirmed' })).toBe('Printful Confirmed');
    expect(adminOrderStatusLabel({ status: 'paid', printful_status: 'onhold' })).toBe('Printful: onhold');
  });

  it('takes the highest e-mail status: Opened, Delivered, Sent, Not Sent', () => {
    const none = {
      confirmation_email_sent_at: null,
      confirmation_email_delivered_at: null,
      confirmation_email_opened_at: null,
    };
    expect(emailStatus(none)).toBe('Not Sent');
    expect(emailStatus({ ...none, confirmation_email_sent_at: new Date() })).toBe('Sent');
    expect(
      emailStatus({ ...none, confirmation_email_sent_at: new Date(), confirmation_email_delivered_at: new Date() }),
    ).toBe('Delivered');
    expect(emailStatus({ ...none, confirmation_email_opened_at: new Date() })).toBe('Opened');
  });

  it('offers resend once paid, retry fulfilment only when paid with no or a failed fulfilment status', () => {
    expect(canResendConfirmation({ paid_at: null })).toBe(false);
    expect(canResendConfirmation({ paid_at: new Date() })).toBe(true);
    expect(canRetryFulfilment({ status: 'paid', printful_status: null })).toBe(true);
    expect(canRetryFulfilment({ status: 'paid', printful_status: 'failed' })).toBe(true);
    expect(canRetryFulfilment({ status: 'paid', printful_status: 'confirmed' })).toBe(false);
    expect(canRetryFulfilment({ status: 'pending', printful_status: null })).toBe(false);
    expect(canRetryFulfilment({ status: 'shipped', printful_status: 'shipped' })).toBe(false);
  });
});

describe('refunds and cancelling (issue 13)', () => {
  it('labels a refunded order Refunded, its payment still confirmed, and a cancelled one Cancelled', () => {
    expect(orderStatusLabel({ status: 'refunded', printful_status: 'canceled' })).toBe('Refunded');
    expect(orderStatusLabel({ status: 'cancelled', printful_status: null })).toBe('Cancelled');
    expect(orderProgress({ status: 'refunded', printful_status: null }).map((step) => step.done)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(adminOrderStatusLabel({ status: 'refunded', printful_status: null })).toBe('Refunded');
  });

  it('offers a refund for a paid or shipped order with money left, and cancelling only for an unpaid one', () => {
    expect(canRefund({ status: 'paid', total_amount: 1000, refunded_amount: 500 })).toBe(true);
    expect(canRefund({ status: 'shipped', total_amount: 1000, refunded_amount: 0 })).toBe(true);
    expect(canRefund({ status: 'paid', total_amount: 1000, refunded_amount: 1000 })).toBe(false);
    expect(canRefund({ status: 'pending', total_amount: 1000, refunded_amount: 0 })).toBe(false);
    expect(canCancel({ status: 'pending' })).toBe(true);
    expect(canCancel({ status: 'failed' })).toBe(true);
    expect(canCancel({ status: 'paid' })).toBe(false);
  });

  it('shows the created time relative to now', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:59:00Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-22T12:00:00Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-01-02T12:00:00Z', now)).toBe('2026-01-02');
  });
});

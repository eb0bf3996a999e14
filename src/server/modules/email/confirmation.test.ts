/** The confirmation e-mail writes the shipping address as its country does (issue 34). */
import { describe, expect, it } from 'vitest';
import type { orders } from '../../db/schema.js';
import { renderOrderConfirmation } from './confirmation.js';

const order = {
  id: '3f2a9c1e-0000-4000-8000-000000000000',
  created_at: new Date('2026-11-27T10:00:00Z'),
  paid_at: new Date('2026-11-27T10:01:00Z'),
  customer_email: 'jan@example.be',
  total_amount: 2499,
  currency: 'EUR',
  shipping_name: 'Jan Peeters',
  shipping_address_line1: 'Bondgenotenlaan 12',
  shipping_address_line2: 'Bus 3',
  shipping_city: 'Leuven',
  shipping_state: '',
  shipping_postal_code: '3000',
  shipping_country: 'BE',
} as unknown as typeof orders.$inferSelect;

/** The shop the e-mail is sent from. */
const options = {
  siteName: 'Wanderer',
  publicUrl: 'https://shop.example',
  supportEmail: 'help@shop.example',
  pixelUrl: 'https://shop.example/api/email/open/x.gif',
};

describe('the confirmation e-mail', () => {
  it("writes a Belgian address as Belgium does, with the country's name: not 'Leuven, 3000 / BE'", () => {
    const mail = renderOrderConfirmation(order, [], options);
    expect(mail.text).toContain(['Jan Peeters', 'Bondgenotenlaan 12', 'Bus 3', '3000 Leuven', 'Belgium'].join('\n'));
    expect(mail.html).toContain('Jan Peeters<br>Bondgenotenlaan 12<br>Bus 3<br>3000 Leuven<br>Belgium');
    expect(mail.text).not.toMatch(/Leuven, 3000|\nBE\n/);
  });
});

describe('the confirmation e-mail shows items, shipping, tax and total (issue 33)', () => {
  it('a Belgian order: VAT included, the shipping option named', () => {
    const mail = renderOrderConfirmation(
      {
        ...order,
        currency: 'USD',
        total_amount: 3398,
        subtotal_amount: 2599,
        shipping_method: 'express',
        shipping_method_name: 'Express',
        shipping_amount: 799,
        shipping_estimate: 'Delivery in 2–4 business days',
        tax_amount: 590,
        tax_rate: 21,
        tax_name: 'VAT',
        tax_inclusive: true,
      },
      [],
      options,
    );
    expect(mail.text).toContain(
      [
        'Items: $25.99',
        'Shipping: $7.99 (Express · Delivery in 2–4 business days)',
        'VAT 21% (included): $5.90',
        'Total: $33.98',
      ].join('\n'),
    );
    expect(mail.html).toMatch(/data-sum="tax">\n<td[^>]*>VAT 21% \(included\)/);
  });

  it('an order placed before shipping was charged reads shipping and tax $0.00', () => {
    const mail = renderOrderConfirmation(order, [], options);
    expect(mail.text).toContain('Items: €24.99\nShipping: €0.00\nTax: €0.00\nTotal: €24.99');
  });
});

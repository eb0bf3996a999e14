/** Places paid and unpaid orders through the shop's public API, as the test provider pays them. */
import { checkoutBody } from '../../src/server/testing/fixtures/orders';
import type { SellableProduct } from '../../src/server/testing/fixtures/orders';
import { json } from './api';

export interface SeedOrder {
  email: string;
  billingName?: string;
  shippingName?: string;
  /** The shipping address in full, instead of the Portland one. */
  shippingAddress?: {
    name: string;
    line1: string;
    line2: string;
    city: string;
    state: string;
    postalCode: string;
    country: string;
  };
  paid?: boolean;
  quantity?: number;
}

/** One order per entry, on the given artwork; answers the order ids in order. */
export async function seedOrders(shopUrl: string, transformationId: string, entries: SeedOrder[]): Promise<string[]> {
  const products = await json<SellableProduct[]>(await fetch(`${shopUrl}/api/products`));
  const ids: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const product = products[index % products.length]!;
    const address = (name: string) => ({
      name,
      line1: '12 Harbour Road',
      line2: '',
      city: 'Portland',
      state: 'OR',
      postalCode: '97201',
      country: 'US',
    });
    const body = checkoutBody([{ product, transformationId, quantity: entry.quantity ?? 1 }], {
      customerEmail: entry.email,
      billingAddress: address(entry.billingName ?? entry.shippingName ?? 'Jane Traveller'),
      shippingAddress: entry.shippingAddress ?? address(entry.shippingName ?? 'Jane Traveller'),
    });
    const placed = await json<{ order_id: string; client_secret: string }>(
      await fetch(`${shopUrl}/api/checkout`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (entry.paid !== false) {
      const year = new Date().getFullYear() + 1;
      await json(
        await fetch(`${shopUrl}/api/payments/test/confirm`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_secret: placed.client_secret,
            card: { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' },
          }),
        }),
      );
    }
    ids.push(placed.order_id);
  }
  return ids;
}

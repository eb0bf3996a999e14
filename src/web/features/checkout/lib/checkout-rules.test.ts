import { describe, expect, it } from 'vitest';
import type { CartLine } from '@/domain/cart';
import { CHECKOUT_FORM_DEFAULTS, type CheckoutForm } from '@/domain/checkout';
import { ApiError } from '@/web/lib/api-client';
import {
  checkoutRequestOf,
  isStepValid,
  paymentFailure,
  paymentIntentIdOf,
  paymentSuccessPath,
  requestFingerprint,
  transformationIdsOf,
} from './checkout-rules';

const shipping = {
  shippingName: 'Jane Traveller',
  shippingLine1: '12 Harbour Road',
  shippingCity: 'Portland',
  shippingState: 'ME',
  shippingPostalCode: '04101',
};
const billing = {
  billingName: 'Sam Traveller',
  billingLine1: '4 Quay Street',
  billingCity: 'Portland',
  billingState: 'ME',
  billingPostalCode: '04102',
};
const form = (values: Partial<CheckoutForm>): CheckoutForm => ({ ...CHECKOUT_FORM_DEFAULTS, ...values });

const line = (productId: string, transformationId: string, quantity = 1): CartLine => ({
  productId,
  quantity,
  product: { id: productId, name: `Product ${productId}`, printful_variant_id: 4011, final_price: 15.99 },
  transformationId,
  artworkUrl: `/files/transformations/${transformationId}.jpg`,
  mockupUrls: [`/files/mockups/${productId}.jpg`],
});

describe('Next only when the step is valid (storefront §4, §5)', () => {
  it('contact: the e-mail is non-empty without errors', () => {
    expect(isStepValid(0, form({}))).toBe(false);
    expect(isStepValid(0, form({ customerEmail: 'jane@' }))).toBe(false);
    expect(isStepValid(0, form({ customerEmail: 'jane@example.com' }))).toBe(true);
  });

  it('addresses: shipping name, line1, city, state and postal code filled without errors, billing too unless shipping is used', () => {
    expect(isStepValid(1, form({ ...shipping }))).toBe(false);
    expect(isStepValid(1, form({ ...shipping, ...billing }))).toBe(true);
    expect(isStepValid(1, form({ ...shipping, useShippingAsBilling: true }))).toBe(true);
    expect(isStepValid(1, form({ ...shipping, shippingPostalCode: '0410', useShippingAsBilling: true }))).toBe(false);
    expect(isStepValid(1, form({ ...shipping, ...billing, billingCity: 'P' }))).toBe(false);
  });

  it('a Belgian address needs no state, and 3000 is its postal code; a billing address follows its own country', () => {
    const belgian = { shippingCity: 'Leuven', shippingState: '', shippingPostalCode: '3000', shippingCountry: 'BE' };
    expect(isStepValid(1, form({ ...shipping, ...belgian, useShippingAsBilling: true }))).toBe(true);
    expect(
      isStepValid(1, form({ ...shipping, ...belgian, shippingPostalCode: '300', useShippingAsBilling: true })),
    ).toBe(false);
    expect(isStepValid(1, form({ ...shipping, ...belgian, ...billing, billingState: '', billingCountry: 'BE' }))).toBe(
      false,
    );
    expect(
      isStepValid(1, form({ ...shipping, ...billing, billingState: '', billingPostalCode: '', billingCountry: 'HK' })),
    ).toBe(true);
  });

  it('line 2 is optional and the e-mail does not hold up the address step', () => {
    expect(
      isStepValid(1, form({ ...shipping, shippingLine2: '', useShippingAsBilling: true, customerEmail: 'nope' })),
    ).toBe(true);
  });
});

describe('the create-stripe-payment body', () => {
  it('copies shipping to billing with the toggle on, and sends each line as the spec has it', () => {
    const request = checkoutRequestOf(
      form({ customerEmail: ' jane@example.com ', ...shipping, useShippingAsBilling: true }),
      [line('p1', 't1', 2)],
    );
    expect(request.customerEmail).toBe('jane@example.com');
    expect(request.billingAddress).toEqual(request.shippingAddress);
    expect(request.shippingAddress).toMatchObject({ name: 'Jane Traveller', country: 'US', line2: null });
    expect(request.items).toEqual([
      {
        productId: 'p1',
        productName: 'Product p1',
        printfulVariantId: 4011,
        quantity: 2,
        unitPrice: 1599,
        artworkUrl: '/files/transformations/t1.jpg',
        transformationId: 't1',
        mockupUrls: ['/files/mockups/p1.jpg'],
      },
    ]);
  });

  it('the same cart and addresses give the same fingerprint; a changed quantity does not', () => {
    const values = form({ customerEmail: 'jane@example.com', ...shipping, useShippingAsBilling: true });
    const first = requestFingerprint(checkoutRequestOf(values, [line('p1', 't1')]));
    expect(requestFingerprint(checkoutRequestOf({ ...values }, [line('p1', 't1')]))).toBe(first);
    expect(requestFingerprint(checkoutRequestOf(values, [line('p1', 't1', 2)]))).not.toBe(first);
  });

  it('names each artwork of the cart once', () => {
    expect(transformationIdsOf([line('p1', 't1'), line('p2', 't1'), line('p3', 't2')])).toEqual(['t1', 't2']);
  });
});

describe('payment results', () => {
  it('reads the payment intent from a client secret, for the success page address', () => {
    expect(paymentIntentIdOf('tpi_0123456789abcdef01234567_secret_abc')).toBe('tpi_0123456789abcdef01234567');
    expect(paymentIntentIdOf('pi_3Nabc_secret_xyz')).toBe('pi_3Nabc');
    expect(paymentSuccessPath('o-1', 'pi_1')).toBe('/payment-success?order_id=o-1&payment_intent_id=pi_1');
  });

  it("shows the provider's message, else 'Payment failed' inline and 'Payment failed. Please try again.' in the toast", () => {
    const declined = new ApiError(402, 'Your card was declined.', {
      error: 'Your card was declined.',
      code: 'card_declined',
    });
    expect(paymentFailure(declined)).toEqual({ message: 'Your card was declined.', toast: 'Your card was declined.' });
    expect(paymentFailure({ type: 'card_error', message: 'Your card has insufficient funds.' }).message).toBe(
      'Your card has insufficient funds.',
    );
    expect(paymentFailure(new ApiError(500, 'Request failed (500)', 'Bad gateway'))).toEqual({
      message: 'Payment failed',
      toast: 'Payment failed. Please try again.',
    });
    expect(paymentFailure(new TypeError('Failed to fetch'))).toEqual({
      message: 'Payment failed',
      toast: 'Payment failed. Please try again.',
    });
  });
});

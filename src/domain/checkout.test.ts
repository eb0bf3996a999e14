import { describe, expect, it } from 'vitest';
import {
  addressesFromForm,
  addressStepFields,
  CARD_MESSAGES,
  CHECKOUT_FORM_DEFAULTS,
  checkCard,
  checkoutFormSchema,
  checkoutRequestSchema,
  passesLuhn,
  saveEmailSchema,
  type CheckoutForm,
} from './checkout';

const validForm: CheckoutForm = {
  ...CHECKOUT_FORM_DEFAULTS,
  customerEmail: 'jane@example.com',
  billingName: 'Jane Doe',
  billingLine1: '1 Main Street',
  billingCity: 'Portland',
  billingState: 'OR',
  billingPostalCode: '97201',
  useShippingAsBilling: true,
};

const messagesOf = (form: CheckoutForm) => {
  const result = checkoutFormSchema.safeParse(form);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('checkout validation messages (storefront §5)', () => {
  it('accepts a complete form', () => expect(messagesOf(validForm)).toEqual({}));

  it('gives each rule its message', () => {
    expect(
      messagesOf({
        ...validForm,
        customerEmail: 'not-an-email',
        billingName: 'J',
        billingLine1: '1 Ma',
        billingCity: 'P',
        billingState: 'O',
        billingPostalCode: '9720',
      }),
    ).toEqual({
      customerEmail: 'Please enter a valid email address',
      billingName: 'Name must be at least 2 characters',
      billingLine1: 'Address is required',
      billingCity: 'City is required',
      billingState: 'State is required',
      billingPostalCode: 'Postal code is required',
    });
  });

  it("holds state and postal code to each address's country, billing and shipping alike", () => {
    const belgian = { billingState: '', billingPostalCode: '3000', billingCountry: 'BE' };
    expect(messagesOf({ ...validForm, ...belgian })).toEqual({});
    expect(messagesOf({ ...validForm, ...belgian, billingPostalCode: '30000' })).toEqual({
      billingPostalCode: 'Enter a valid postal code for Belgium.',
    });
    expect(
      messagesOf({
        ...validForm,
        useShippingAsBilling: false,
        shippingName: 'Sam Doe',
        shippingLine1: '10 Downing Street',
        shippingCity: 'London',
        shippingPostalCode: 'SW1A 2A',
        shippingCountry: 'GB',
      }),
    ).toEqual({ shippingPostalCode: 'Enter a valid postal code for United Kingdom.' });
  });

  it('says an empty checkout e-mail is not a valid address, and the save box says Email is required', () => {
    expect(messagesOf({ ...validForm, customerEmail: '' })).toEqual({
      customerEmail: 'Please enter a valid email address',
    });
    expect(saveEmailSchema.safeParse('').error?.issues[0].message).toBe('Email is required');
    expect(saveEmailSchema.safeParse('jane@').error?.issues[0].message).toBe('Please enter a valid email address');
  });

  it('checks the shipping fields unless billing is used as shipping', () => {
    const separate = { ...validForm, useShippingAsBilling: false };
    expect(Object.keys(messagesOf(separate)).sort()).toEqual([
      'shippingCity',
      'shippingLine1',
      'shippingName',
      'shippingPostalCode',
      'shippingState',
    ]);
    expect(addressStepFields(true)).not.toContain('shippingName');
    expect(addressStepFields(false)).toContain('shippingName');
  });

  it('defaults both countries to US and copies billing to shipping when the toggle is on', () => {
    expect(CHECKOUT_FORM_DEFAULTS.billingCountry).toBe('US');
    expect(CHECKOUT_FORM_DEFAULTS.shippingCountry).toBe('US');
    const { shippingAddress } = addressesFromForm(validForm);
    expect(shippingAddress).toMatchObject({ name: 'Jane Doe', line1: '1 Main Street', country: 'US' });
  });

  it('lets the request body leave the country out (US) and line2 empty', () => {
    const address = { name: 'Jane Doe', line1: '1 Main Street', city: 'Portland', state: 'OR', postalCode: '97201' };
    const parsed = checkoutRequestSchema.parse({
      customerEmail: 'jane@example.com',
      billingAddress: address,
      shippingAddress: { ...address, line2: '' },
      items: [
        {
          productId: '3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11',
          quantity: 2,
          transformationId: '3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a12',
        },
      ],
    });
    expect(parsed.shippingAddress.country).toBe('US');
    expect(parsed.shippingAddress.line2).toBeNull();
  });

  it('refuses quantities outside 1..99', () => {
    const base = {
      productId: '3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a11',
      transformationId: '3f2a9c1e-0d4b-4a51-9c1b-2f6f1b0e7a12',
    };
    for (const quantity of [0, 100, 1.5]) {
      const result = checkoutRequestSchema.shape.items.safeParse([{ ...base, quantity }]);
      expect(result.error?.issues[0].message).toBe('Quantity must be between 1 and 99');
    }
  });
});

describe('card checks speak Stripe’s messages', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };

  it('accepts 4242 4242 4242 4242', () => expect(checkCard(card, now)).toBeNull());
  it('runs the Luhn check', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(checkCard({ ...card, number: '4242424242424241' }, now)?.message).toBe(CARD_MESSAGES.invalidNumber);
  });
  it('says a short number is incomplete', () =>
    expect(checkCard({ ...card, number: '4242' }, now)?.message).toBe('Your card number is incomplete.'));
  it('refuses expiry dates in the past', () => {
    expect(checkCard({ ...card, exp_year: 2025 }, now)?.message).toBe("Your card's expiration year is in the past.");
    expect(checkCard({ ...card, exp_year: 26, exp_month: 5 }, now)?.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(checkCard({ ...card, exp_month: 13 }, now)?.message).toBe("Your card's expiration month is invalid.");
  });
  it('wants a 3-digit security code, 4 for American Express', () => {
    expect(checkCard({ ...card, cvc: '12' }, now)?.message).toBe("Your card's security code is incomplete.");
    expect(checkCard({ ...card, cvc: '12a' }, now)?.message).toBe("Your card's security code is invalid.");
    expect(checkCard({ number: '378282246310005', exp_month: 1, exp_year: 2030, cvc: '1234' }, now)).toBeNull();
  });
});

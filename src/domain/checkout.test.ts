import { describe, expect, it } from 'vitest';
import {
  ADDRESS_FIELD_LIMITS,
  addressesFromForm,
  addressStepFields,
  CARD_MESSAGES,
  CHECKOUT_FORM_DEFAULTS,
  checkCard,
  checkoutFormSchema,
  checkoutRequestSchema,
  FIELD_TOO_LONG_MESSAGES,
  passesLuhn,
  saveEmailSchema,
  type CheckoutForm,
} from './checkout';

const validForm: CheckoutForm = {
  ...CHECKOUT_FORM_DEFAULTS,
  customerEmail: 'jane@example.com',
  shippingName: 'Jane Doe',
  shippingLine1: '1 Main Street',
  shippingCity: 'Portland',
  shippingState: 'OR',
  shippingPostalCode: '97201',
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

  it('gives each rule its message (the spec’s words)', () => {
    expect(
      messagesOf({
        ...validForm,
        customerEmail: 'not-an-email',
        shippingName: 'J',
        shippingLine1: '1 Ma',
        shippingCity: 'P',
        shippingState: 'O',
        shippingPostalCode: '',
      }),
    ).toEqual({
      customerEmail: 'Please enter a valid email address',
      shippingName: 'Name must be at least 2 characters',
      shippingLine1: 'Address is required',
      shippingCity: 'City is required',
      shippingState: 'State is required',
      shippingPostalCode: 'Postal code is required',
    });
  });

  it("holds state and postal code to each address's country, shipping and billing alike", () => {
    const belgian = { shippingState: '', shippingPostalCode: '3000', shippingCountry: 'BE' };
    expect(messagesOf({ ...validForm, ...belgian })).toEqual({});
    expect(messagesOf({ ...validForm, ...belgian, shippingPostalCode: '30000' })).toEqual({
      shippingPostalCode: 'Enter a valid postal code for Belgium.',
    });
    expect(
      messagesOf({
        ...validForm,
        useShippingAsBilling: false,
        billingName: 'Sam Doe',
        billingLine1: '10 Downing Street',
        billingCity: 'London',
        billingPostalCode: 'SW1A 2A',
        billingCountry: 'GB',
      }),
    ).toEqual({ billingPostalCode: 'Enter a valid postal code for United Kingdom.' });
  });

  it('says an empty checkout e-mail is not a valid address, and the save box says Email is required', () => {
    expect(messagesOf({ ...validForm, customerEmail: '' })).toEqual({
      customerEmail: 'Please enter a valid email address',
    });
    expect(saveEmailSchema.safeParse('').error?.issues[0].message).toBe('Email is required');
    expect(saveEmailSchema.safeParse('jane@').error?.issues[0].message).toBe('Please enter a valid email address');
  });

  it('asks for the shipping address first, and the billing fields unless billing is the same as shipping', () => {
    const separate = { ...validForm, useShippingAsBilling: false };
    expect(Object.keys(messagesOf(separate)).sort()).toEqual([
      'billingCity',
      'billingLine1',
      'billingName',
      'billingPostalCode',
      'billingState',
    ]);
    expect(addressStepFields(true)).not.toContain('billingName');
    expect(addressStepFields(false)).toContain('billingName');
  });

  it('defaults both countries to US and copies shipping to billing when the toggle is on', () => {
    expect(CHECKOUT_FORM_DEFAULTS.shippingCountry).toBe('US');
    expect(CHECKOUT_FORM_DEFAULTS.billingCountry).toBe('US');
    const { billingAddress } = addressesFromForm(validForm);
    expect(billingAddress).toMatchObject({ name: 'Jane Doe', line1: '1 Main Street', country: 'US' });
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

describe('every field in the shop’s words, at and past its limits (issue 34)', () => {
  const within = (field: string, length: number) => messagesOf({ ...validForm, [field]: 'a'.repeat(length) })[field];

  it('a name, street, line 2, city or state past its limit says so in words, never the validator’s', () => {
    const cases = [
      ['shippingName', ADDRESS_FIELD_LIMITS.name, FIELD_TOO_LONG_MESSAGES.name],
      ['shippingLine1', ADDRESS_FIELD_LIMITS.line1, FIELD_TOO_LONG_MESSAGES.line1],
      ['shippingLine2', ADDRESS_FIELD_LIMITS.line2, FIELD_TOO_LONG_MESSAGES.line2],
      ['shippingCity', ADDRESS_FIELD_LIMITS.city, FIELD_TOO_LONG_MESSAGES.city],
      ['shippingState', ADDRESS_FIELD_LIMITS.state, FIELD_TOO_LONG_MESSAGES.state],
    ] as const;
    for (const [field, limit, message] of cases) {
      expect(within(field, limit), `${field} at ${limit}`).toBeUndefined();
      expect(within(field, limit + 1), `${field} at ${limit + 1}`).toBe(message);
    }
    expect(FIELD_TOO_LONG_MESSAGES.name).toBe('Name must be at most 200 characters');
  });

  it('the billing fields say the same, when billing is asked for', () => {
    const billing = {
      ...validForm,
      useShippingAsBilling: false,
      billingName: 'b'.repeat(201),
      billingLine1: '2 Side Street',
      billingCity: 'Portland',
      billingState: 'OR',
      billingPostalCode: '97201',
    };
    expect(messagesOf(billing)).toEqual({ billingName: FIELD_TOO_LONG_MESSAGES.name });
  });

  it('a postal code too long, or not the country’s format, is “Enter a valid postal code…”, the US included', () => {
    expect(messagesOf({ ...validForm, shippingPostalCode: '9'.repeat(41) }).shippingPostalCode).toMatch(
      /^Enter a valid postal code/,
    );
    for (const code of ['1234', '123456', 'ABCDE', '1234-5678']) {
      expect(messagesOf({ ...validForm, shippingPostalCode: code }), code).toEqual({
        shippingPostalCode: 'Enter a valid postal code for United States.',
      });
    }
    expect(messagesOf({ ...validForm, shippingPostalCode: '97201-1234' })).toEqual({});
    expect(messagesOf({ ...validForm, shippingPostalCode: '' })).toEqual({
      shippingPostalCode: 'Postal code is required',
    });
  });

  it('no message anywhere reads like a validator (“Too big”, “expected”, “Invalid input”)', () => {
    const extreme = Object.fromEntries(
      Object.entries(validForm).map(([key, value]) => [key, typeof value === 'string' ? 'x'.repeat(500) : value]),
    ) as CheckoutForm;
    const wrongTypes = Object.fromEntries(Object.keys(validForm).map((key) => [key, 42])) as unknown as CheckoutForm;
    for (const form of [extreme, { ...extreme, useShippingAsBilling: false }, wrongTypes]) {
      for (const message of Object.values(messagesOf(form)))
        expect(message).not.toMatch(/too big|too small|expected|invalid input/i);
    }
    const body = checkoutRequestSchema.safeParse({
      customerEmail: 'jane@example.com',
      billingAddress: { name: 'x'.repeat(500) },
      shippingAddress: { name: 3 },
      items: [],
    });
    for (const issue of body.error!.issues)
      expect(issue.message).not.toMatch(/too big|too small|expected|invalid input/i);
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

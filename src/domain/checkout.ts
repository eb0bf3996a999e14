/**
 * The checkout's rules, used by the wizard and by `POST /api/checkout` alike: the form's
 * validation messages (storefront §5), the request body (§7 create-stripe-payment), the
 * payment messages (§8) and the card checks of the built-in test provider, which speak
 * Stripe's words so the local shop behaves like Stripe's test mode.
 */
import { z } from 'zod';
import { emailAddress, INVALID_EMAIL_MESSAGE } from './email-address.js';
import { ADDRESS_MESSAGES, addressProblems, isKnownCountry, normalizePostalCode } from './address';
import { ART_FITS, PLACEMENT_TEXT, type ArtFit } from './placement';
import { shippingMethodSchema, type ShippingQuote } from './shipping-quote';
import { wholeNumber } from './whole-number.js';

export const DEFAULT_COUNTRY = 'US';
/** Largest quantity of one line. */
export const MAX_QUANTITY = 99;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 50;

export const CHECKOUT_MESSAGES = {
  invalidEmail: INVALID_EMAIL_MESSAGE,
  emailRequired: 'Email is required',
  name: 'Name must be at least 2 characters',
  line1: 'Address is required',
  city: 'City is required',
  ...ADDRESS_MESSAGES,
  emptyCart: 'Your cart is empty',
  quantity: `Quantity must be between 1 and ${MAX_QUANTITY}`,
  tooManyLines: `An order can hold at most ${MAX_ORDER_LINES} products`,
  productUnavailable: 'One of the products in your cart is no longer available. Please remove it and try again.',
  /** Ours: the catalog says a product in the cart can no longer be made ('has been discontinued', …). */
  productCannotBeMade: (product: string, phrase: string) =>
    `${product} ${phrase}. Please remove it from your cart and try again.`,
  artworkMissing: 'Your artwork could not be found. Please transform your photo again.',
  artworkNotReady: 'Your artwork is not ready yet. Please wait for the transformation to finish.',
  /** Ours (issue 37): the line's photo would print blurry at this product's size. */
  photoTooSmall: (product: string) => `${product}: ${PLACEMENT_TEXT.tooSmall}`,
  // Ours: paying an order later, from its page.
  orderNotFound: 'Order not found',
  notPayable: 'This order has already been paid, or can no longer be paid.',
  paymentSettling: 'Your payment is being processed. This page will update once it is confirmed.',
} as const;

/** Storefront §8, Payment. */
export const PAYMENT_MESSAGES = {
  stripeNotLoaded: 'Stripe has not loaded yet. Please try again.',
  createFailed: 'Failed to create payment',
  cardElementNotFound: 'Card element not found',
  failed: 'Payment failed',
  notCompleted: 'Payment was not completed successfully',
  toastFallback: 'Payment failed. Please try again.',
  initFailed: 'Failed to initialize payment system',
  loadFailed: 'Failed to load payment system. Please refresh and try again.',
  /** No provider may take the payment: Printful is live and neither Stripe nor test payments are allowed. */
  notConfigured: 'Payments are not configured',
  /** The order was cancelled while the card was charged: the charge is given back at once. */
  refundedUnpayable: 'This order was cancelled, so your payment has been refunded in full.',
} as const;

export const CHECKOUT_STEPS = ['Contact', 'Addresses', 'Shipping', 'Payment'] as const;

/** The address step's one choice (ours, issue 34: shipping first, then whether billing is the same). */
export const ADDRESS_STEP_TEXT = {
  sameAddress: 'Billing address is the same as shipping',
  sameAddressOn: 'Your card’s billing address is the shipping address above.',
  sameAddressOff: 'Enter the address your card is registered to below.',
  sameAddressChoice: 'Say whether the billing address is the same as shipping',
} as const;

// ---------------------------------------------------------------- fields

/** The checkout e-mail: anything but a valid address (empty included) gets one message. */
export const customerEmailSchema = z
  .string({ error: CHECKOUT_MESSAGES.invalidEmail })
  .trim()
  .pipe(emailAddress(CHECKOUT_MESSAGES.invalidEmail));

/** The save-e-mail box: empty says 'Email is required', otherwise a valid address. */
export const saveEmailSchema = z
  .string({ error: CHECKOUT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: CHECKOUT_MESSAGES.emailRequired })
  .pipe(emailAddress(CHECKOUT_MESSAGES.invalidEmail));

/**
 * The longest each address field may be, and what a visitor reads past it: the shop's words,
 * never the validator's ('Too big: expected string to have <=200 characters').
 */
export const ADDRESS_FIELD_LIMITS = {
  name: 200,
  line1: 300,
  line2: 300,
  city: 200,
  state: 100,
  postalCode: 20,
} as const;
export const FIELD_TOO_LONG_MESSAGES = {
  name: `Name must be at most ${ADDRESS_FIELD_LIMITS.name} characters`,
  line1: `Address must be at most ${ADDRESS_FIELD_LIMITS.line1} characters`,
  line2: `Address line 2 must be at most ${ADDRESS_FIELD_LIMITS.line2} characters`,
  city: `City must be at most ${ADDRESS_FIELD_LIMITS.city} characters`,
  state: `State / Province must be at most ${ADDRESS_FIELD_LIMITS.state} characters`,
  postalCode: ADDRESS_MESSAGES.postalCodeInvalid,
} as const;

/** What a visitor reads for a line break inside a one-line field (a name, an address line). */
export const ONE_LINE_MESSAGES = {
  name: 'Name must be on one line',
  line1: 'Address must be on one line',
  line2: 'Address line 2 must be on one line',
  city: 'City must be on one line',
  state: 'State / Province must be on one line',
  postalCode: 'Postal code must be on one line',
} as const;

/**
 * Every check says its own words, and a value of the wrong type reads as that field's first
 * rule. A line break inside is refused: it would split the name or line on a label, an
 * e-mail header or an export.
 */
const text = (invalid: string, oneLine: string) =>
  z
    .string({ error: invalid })
    .trim()
    .refine((value) => !/[\r\n]/.test(value), { error: oneLine });

const nameField = text(CHECKOUT_MESSAGES.name, ONE_LINE_MESSAGES.name)
  .min(2, { error: CHECKOUT_MESSAGES.name })
  .max(ADDRESS_FIELD_LIMITS.name, { error: FIELD_TOO_LONG_MESSAGES.name });
const line1Field = text(CHECKOUT_MESSAGES.line1, ONE_LINE_MESSAGES.line1)
  .min(5, { error: CHECKOUT_MESSAGES.line1 })
  .max(ADDRESS_FIELD_LIMITS.line1, { error: FIELD_TOO_LONG_MESSAGES.line1 });
const line2Field = text(FIELD_TOO_LONG_MESSAGES.line2, ONE_LINE_MESSAGES.line2).max(ADDRESS_FIELD_LIMITS.line2, {
  error: FIELD_TOO_LONG_MESSAGES.line2,
});
const cityField = text(CHECKOUT_MESSAGES.city, ONE_LINE_MESSAGES.city)
  .min(2, { error: CHECKOUT_MESSAGES.city })
  .max(ADDRESS_FIELD_LIMITS.city, { error: FIELD_TOO_LONG_MESSAGES.city });
// The state and postal code rules depend on the country: `addressProblems` checks them.
const stateField = text(CHECKOUT_MESSAGES.state, ONE_LINE_MESSAGES.state).max(ADDRESS_FIELD_LIMITS.state, {
  error: FIELD_TOO_LONG_MESSAGES.state,
});
const postalCodeField = z
  .string({ error: CHECKOUT_MESSAGES.postalCode })
  .max(40, { error: FIELD_TOO_LONG_MESSAGES.postalCode })
  .refine((value) => !/[\r\n]/.test(value.trim()), { error: ONE_LINE_MESSAGES.postalCode })
  .transform(normalizePostalCode)
  .pipe(z.string().max(ADDRESS_FIELD_LIMITS.postalCode, { error: FIELD_TOO_LONG_MESSAGES.postalCode }));
const countryField = z
  .string({ error: CHECKOUT_MESSAGES.country })
  .trim()
  .toUpperCase()
  .refine(isKnownCountry, { error: CHECKOUT_MESSAGES.country });

/** Reports the country's state and postal code rules on the form's or the body's own fields. */
function checkRegion(
  context: z.RefinementCtx,
  address: { country: string; state: string; postalCode: string },
  paths: { state: string; postalCode: string },
): void {
  const country = address.country.trim().toUpperCase();
  const problems = addressProblems({ ...address, country });
  if (problems.state) context.addIssue({ code: 'custom', path: [paths.state], message: problems.state });
  if (problems.postalCode) context.addIssue({ code: 'custom', path: [paths.postalCode], message: problems.postalCode });
}

// ---------------------------------------------------------------- the wizard's form

/**
 * The checkout form (storefront §3): flat shipping* and billing* fields. The shipping address
 * comes first (where the prints go); `useShippingAsBilling` (on: 'Billing address is the same
 * as shipping') uses it for billing too, and the billing fields are then not asked for.
 */
export const checkoutFormSchema = z
  .object({
    customerEmail: customerEmailSchema,
    shippingName: nameField,
    shippingLine1: line1Field,
    shippingLine2: line2Field.optional(),
    shippingCity: cityField,
    shippingState: stateField,
    shippingPostalCode: postalCodeField,
    shippingCountry: countryField,
    useShippingAsBilling: z.boolean({ error: ADDRESS_STEP_TEXT.sameAddressChoice }),
    billingName: z.string({ error: CHECKOUT_MESSAGES.name }),
    billingLine1: z.string({ error: CHECKOUT_MESSAGES.line1 }),
    billingLine2: z.string({ error: FIELD_TOO_LONG_MESSAGES.line2 }).optional(),
    billingCity: z.string({ error: CHECKOUT_MESSAGES.city }),
    billingState: z.string({ error: CHECKOUT_MESSAGES.state }),
    billingPostalCode: z.string({ error: CHECKOUT_MESSAGES.postalCode }),
    billingCountry: z.string({ error: CHECKOUT_MESSAGES.country }),
  })
  .superRefine((form, context) => {
    checkRegion(
      context,
      { country: form.shippingCountry, state: form.shippingState, postalCode: form.shippingPostalCode },
      { state: 'shippingState', postalCode: 'shippingPostalCode' },
    );
    // The billing fields follow the same rules unless the shipping address is used for both.
    if (form.useShippingAsBilling) return;
    const rules = [
      ['billingName', nameField],
      ['billingLine1', line1Field],
      ['billingLine2', line2Field],
      ['billingCity', cityField],
      ['billingState', stateField],
      ['billingPostalCode', postalCodeField],
      ['billingCountry', countryField],
    ] as const;
    for (const [field, schema] of rules) {
      const result = schema.safeParse(form[field] ?? '');
      if (!result.success)
        context.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]!.message });
    }
    checkRegion(
      context,
      { country: form.billingCountry, state: form.billingState, postalCode: form.billingPostalCode },
      { state: 'billingState', postalCode: 'billingPostalCode' },
    );
  });

export type CheckoutForm = z.input<typeof checkoutFormSchema>;

export const CHECKOUT_FORM_DEFAULTS: CheckoutForm = {
  customerEmail: '',
  billingName: '',
  billingLine1: '',
  billingLine2: '',
  billingCity: '',
  billingState: '',
  billingPostalCode: '',
  billingCountry: DEFAULT_COUNTRY,
  useShippingAsBilling: false,
  shippingName: '',
  shippingLine1: '',
  shippingLine2: '',
  shippingCity: '',
  shippingState: '',
  shippingPostalCode: '',
  shippingCountry: DEFAULT_COUNTRY,
};

/** The fields each step checks before Next is allowed. */
export const CONTACT_STEP_FIELDS = ['customerEmail'] as const;
export const BILLING_FIELDS = [
  'billingName',
  'billingLine1',
  'billingLine2',
  'billingCity',
  'billingState',
  'billingPostalCode',
  'billingCountry',
] as const;
export const SHIPPING_FIELDS = [
  'shippingName',
  'shippingLine1',
  'shippingLine2',
  'shippingCity',
  'shippingState',
  'shippingPostalCode',
  'shippingCountry',
] as const;

export function addressStepFields(useShippingAsBilling: boolean): ReadonlyArray<keyof CheckoutForm> {
  return useShippingAsBilling ? SHIPPING_FIELDS : [...SHIPPING_FIELDS, ...BILLING_FIELDS];
}

// ---------------------------------------------------------------- the request body

/** An address as the payment call sends it (storefront §7), held to its country's rules. */
export const addressSchema = z
  .object({
    name: nameField,
    line1: line1Field,
    line2: line2Field.nullish().transform((value) => (value ? value : null)),
    city: cityField,
    state: stateField,
    postalCode: postalCodeField,
    country: countryField.default(DEFAULT_COUNTRY),
  })
  .superRefine((address, context) => checkRegion(context, address, { state: 'state', postalCode: 'postalCode' }));

export type CheckoutAddressInput = z.input<typeof addressSchema>;

/**
 * One cart line (storefront §3 "Order item sent to payment"). The server takes the name,
 * variant, price and artwork from its own records; only productId, quantity, fit,
 * transformationId and our own mockup URLs are used from here.
 */
export const checkoutItemSchema = z.object({
  productId: z.uuid({ error: CHECKOUT_MESSAGES.productUnavailable }),
  productName: z.string().max(300).optional(),
  printfulVariantId: z.number().int().nullish(),
  quantity: wholeNumber(1, MAX_QUANTITY, CHECKOUT_MESSAGES.quantity),
  /** Cents. Ignored: the price is our catalog's. */
  unitPrice: z.number().optional(),
  artworkUrl: z.string().max(2000).nullish(),
  transformationId: z.uuid({ error: CHECKOUT_MESSAGES.artworkMissing }),
  mockupUrls: z.array(z.string().max(2000)).max(20).optional().default([]),
  /** Fill or fit, as chosen in the preview; left out, the product's own default. */
  fit: z.enum(ART_FITS as [ArtFit, ...ArtFit[]]).nullish(),
});

/** `POST /api/checkout` (the spec's create-stripe-payment body). */
export const checkoutRequestSchema = z.object({
  customerEmail: customerEmailSchema,
  billingAddress: addressSchema,
  shippingAddress: addressSchema,
  items: z
    .array(checkoutItemSchema, { error: CHECKOUT_MESSAGES.emptyCart })
    .min(1, { error: CHECKOUT_MESSAGES.emptyCart })
    .max(MAX_ORDER_LINES, { error: CHECKOUT_MESSAGES.tooManyLines }),
  /**
   * The shipping option chosen at the shipping step; missing: the cheapest. Its price, the tax
   * and the total are the server's own quote: amounts sent with the request are ignored.
   */
  shippingMethod: shippingMethodSchema.optional(),
});

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type ParsedCheckoutRequest = z.output<typeof checkoutRequestSchema>;

/**
 * `POST /api/checkout/quote`: the shipping options and amounts for a cart going to an
 * address, asked for as soon as the address is complete and again whenever it or the cart
 * changes. Only the address's region matters, so the street may still be missing.
 */
export const quoteRequestSchema = z.object({
  shippingAddress: z.object({
    country: countryField.default(DEFAULT_COUNTRY),
    state: stateField.default(''),
    postalCode: z.string().trim().max(40).default(''),
    city: z.string().trim().max(ADDRESS_FIELD_LIMITS.city).default(''),
    line1: z.string().trim().max(ADDRESS_FIELD_LIMITS.line1).default(''),
  }),
  items: z
    .array(checkoutItemSchema.pick({ productId: true, quantity: true }), { error: CHECKOUT_MESSAGES.emptyCart })
    .min(1, { error: CHECKOUT_MESSAGES.emptyCart })
    .max(MAX_ORDER_LINES, { error: CHECKOUT_MESSAGES.tooManyLines }),
  shippingMethod: shippingMethodSchema.optional(),
});
export type QuoteRequest = z.input<typeof quoteRequestSchema>;
export type ParsedQuoteRequest = z.output<typeof quoteRequestSchema>;
/** The part of an address a quote depends on: its region, and the street for the carrier's rates. */
export type QuoteAddress = ParsedQuoteRequest['shippingAddress'];
export type QuoteResponse = { success: true; quote: ShippingQuote } | { success: false; error: string };

export type CheckoutResponse =
  { success: true; client_secret: string; order_id: string } | { success: false; error: string; order_id?: string };

/** The request body from a valid form: billing copies shipping when the toggle is on. */
export function addressesFromForm(form: CheckoutForm): Pick<CheckoutRequest, 'billingAddress' | 'shippingAddress'> {
  const shippingAddress: CheckoutAddressInput = {
    name: form.shippingName,
    line1: form.shippingLine1,
    line2: form.shippingLine2 || null,
    city: form.shippingCity,
    state: form.shippingState,
    postalCode: form.shippingPostalCode,
    country: form.shippingCountry || DEFAULT_COUNTRY,
  };
  const billingAddress: CheckoutAddressInput = form.useShippingAsBilling
    ? { ...shippingAddress }
    : {
        name: form.billingName,
        line1: form.billingLine1,
        line2: form.billingLine2 || null,
        city: form.billingCity,
        state: form.billingState,
        postalCode: form.billingPostalCode,
        country: form.billingCountry || DEFAULT_COUNTRY,
      };
  return { billingAddress, shippingAddress };
}

// ---------------------------------------------------------------- payment configuration

export type PaymentProviderId = 'test' | 'stripe';

/** `GET /api/payments/config`. The Payment Element is loaded only for `stripe`. */
export interface PaymentConfig {
  success: true;
  /** null: no provider may take payments now (checkout answers 503 'Payments are not configured'). */
  provider: PaymentProviderId | null;
  publishableKey?: string;
  /** The built-in test provider takes the cards: the storefront shows its test-mode banner. */
  testMode: boolean;
}

// ---------------------------------------------------------------- the test provider's card form

/** Stripe's own messages, so the built-in provider reads like Stripe's test mode. */
export const CARD_MESSAGES = {
  incompleteNumber: 'Your card number is incomplete.',
  invalidNumber: 'Your card number is invalid.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  invalidCvc: "Your card's security code is invalid.",
  // Answers of the card network (Stripe's decline messages).
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  authenticationFailed:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
} as const;

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export const cardInputSchema = z.object({
  number: z.string({ error: CARD_MESSAGES.invalidNumber }).max(40, { error: CARD_MESSAGES.invalidNumber }),
  exp_month: z.coerce
    .number({ error: CARD_MESSAGES.incompleteExpiry })
    .int({ error: CARD_MESSAGES.invalidExpiryMonth }),
  exp_year: z.coerce.number({ error: CARD_MESSAGES.incompleteExpiry }).int({ error: CARD_MESSAGES.invalidExpiryYear }),
  cvc: z.string({ error: CARD_MESSAGES.invalidCvc }).max(8, { error: CARD_MESSAGES.invalidCvc }),
});

export interface CardProblem {
  code:
    | 'incomplete_number'
    | 'invalid_number'
    | 'invalid_expiry_month'
    | 'invalid_expiry_year'
    | 'invalid_expiry_year_past'
    | 'invalid_expiry_month_past'
    | 'incomplete_cvc'
    | 'invalid_cvc';
  field: 'number' | 'expiry' | 'cvc';
  message: string;
}

/** Digits only: spaces and dashes as typed are allowed. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Full year from a two- or four-digit one (`27` → 2027). */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** The checks a card form makes before sending anything, with Stripe's messages. */
export function checkCard(card: CardInput, now: Date = new Date()): CardProblem | null {
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) return { code: 'invalid_number', field: 'number', message: CARD_MESSAGES.invalidNumber };
  if (digits.length < 13)
    return { code: 'incomplete_number', field: 'number', message: CARD_MESSAGES.incompleteNumber };
  if (digits.length > 19 || !passesLuhn(digits)) {
    return { code: 'invalid_number', field: 'number', message: CARD_MESSAGES.invalidNumber };
  }
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return { code: 'invalid_expiry_month', field: 'expiry', message: CARD_MESSAGES.invalidExpiryMonth };
  }
  const year = fullYear(card.exp_year);
  if (!Number.isInteger(year) || year > now.getFullYear() + 50) {
    return { code: 'invalid_expiry_year', field: 'expiry', message: CARD_MESSAGES.invalidExpiryYear };
  }
  if (year < now.getFullYear()) {
    return { code: 'invalid_expiry_year_past', field: 'expiry', message: CARD_MESSAGES.expiryYearPast };
  }
  if (year === now.getFullYear() && card.exp_month < now.getMonth() + 1) {
    return { code: 'invalid_expiry_month_past', field: 'expiry', message: CARD_MESSAGES.expiryDatePast };
  }
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!/^\d*$/.test(card.cvc)) return { code: 'invalid_cvc', field: 'cvc', message: CARD_MESSAGES.invalidCvc };
  if (card.cvc.length < cvcLength)
    return { code: 'incomplete_cvc', field: 'cvc', message: CARD_MESSAGES.incompleteCvc };
  if (card.cvc.length > cvcLength) return { code: 'invalid_cvc', field: 'cvc', message: CARD_MESSAGES.invalidCvc };
  return null;
}

/** Stripe's test numbers the built-in provider honours, for a hint beside the card form. */
export const TEST_CARD_NUMBERS = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  authentication: '4000 0025 0000 3155',
} as const;

// ---------------------------------------------------------------- the test provider's API

/** `POST /api/payments/test/confirm`: pay the order behind `client_secret` with a test card. */
export const testPaymentConfirmSchema = z.object({ client_secret: z.string().max(200), card: cardInputSchema });
export type TestPaymentConfirmRequest = z.input<typeof testPaymentConfirmSchema>;
export type ParsedTestPaymentConfirmRequest = z.output<typeof testPaymentConfirmSchema>;

/** `POST /api/payments/test/authenticate`: the simulated 3-D Secure step's answer. */
export const testPaymentAuthenticateSchema = z.object({
  client_secret: z.string().max(200),
  outcome: z.enum(['approve', 'fail']),
});
export type TestPaymentAuthenticateRequest = z.input<typeof testPaymentAuthenticateSchema>;

/** `POST /api/payments/test/confirm` and `/authenticate` answers. */
export type TestPaymentResult =
  | { status: 'succeeded'; payment_intent_id: string; order_id: string }
  | {
      status: 'requires_action';
      payment_intent_id: string;
      order_id: string;
      next_action: { type: 'test_3ds'; authenticate_url: string };
    };

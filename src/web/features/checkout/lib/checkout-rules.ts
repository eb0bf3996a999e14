/**
 * The wizard's own decisions, kept pure so they are tested without a browser: which step may
 * move on, the request body, when an order can be reused, and what a failed payment says.
 */
import { isPostalCodeRequired, isStateRequired } from '@/domain/address';
import type { CartLine } from '@/domain/cart';
import {
  addressesFromForm,
  addressStepFields,
  checkoutFormSchema,
  CONTACT_STEP_FIELDS,
  PAYMENT_MESSAGES,
  type CheckoutForm,
  type CheckoutRequest,
} from '@/domain/checkout';
import { dollarsToCents } from '@/domain/money';
import { ApiError } from '@/web/lib/api-client';

export type CheckoutStep = 0 | 1 | 2 | 3;
export const SHIPPING_STEP: CheckoutStep = 2;
export const PAYMENT_STEP: CheckoutStep = 3;

/** Optional fields: every other field of a step must be filled. State and postal code depend on the country. */
function isOptional(field: keyof CheckoutForm, form: CheckoutForm): boolean {
  if (field === 'billingLine2' || field === 'shippingLine2') return true;
  const country = (field.startsWith('billing') ? form.billingCountry : form.shippingCountry).trim().toUpperCase();
  if (field === 'billingState' || field === 'shippingState') return !isStateRequired(country);
  if (field === 'billingPostalCode' || field === 'shippingPostalCode') return !isPostalCodeRequired(country);
  return false;
}

export function stepFields(step: CheckoutStep, form: CheckoutForm): ReadonlyArray<keyof CheckoutForm> {
  if (step === 0) return CONTACT_STEP_FIELDS;
  if (step === 1) return addressStepFields(form.useShippingAsBilling);
  return [];
}

/**
 * Contact: the e-mail is non-empty without errors. Addresses: billing name, line1, city,
 * state and postal code filled without errors (state and postal code where the country has
 * them), and shipping too unless billing is used for both.
 */
export function isStepValid(step: CheckoutStep, form: CheckoutForm): boolean {
  const fields = stepFields(step, form);
  if (fields.some((field) => !isOptional(field, form) && !String(form[field] ?? '').trim())) return false;
  const result = checkoutFormSchema.safeParse(form);
  if (result.success) return true;
  const invalid = new Set(result.error.issues.map((issue) => issue.path[0]));
  return fields.every((field) => !invalid.has(field));
}

/**
 * The create-stripe-payment body, with the shipping option chosen. The unit price is sent as
 * the spec has it; the server ignores it and quotes shipping and tax itself.
 */
export function checkoutRequestOf(
  form: CheckoutForm,
  lines: CartLine[],
  shippingMethod?: string | null,
): CheckoutRequest {
  return {
    customerEmail: form.customerEmail.trim(),
    ...addressesFromForm(form),
    ...(shippingMethod ? { shippingMethod } : {}),
    items: lines.map((line) => ({
      productId: line.productId,
      productName: line.product.name,
      printfulVariantId: line.product.printful_variant_id,
      quantity: line.quantity,
      unitPrice: dollarsToCents(line.product.final_price),
      artworkUrl: line.artworkUrl,
      transformationId: line.transformationId,
      mockupUrls: line.mockupUrls,
      ...(line.fit ? { fit: line.fit } : {}),
    })),
  };
}

/** Two attempts with the same fingerprint pay the same order; a changed cart or address makes a new one. */
export function requestFingerprint(request: CheckoutRequest): string {
  return JSON.stringify(request);
}

/** The artworks in the cart, each once. */
export function transformationIdsOf(lines: CartLine[]): string[] {
  return [...new Set(lines.map((line) => line.transformationId).filter(Boolean))];
}

/** A client secret is `<payment intent id>_secret_<secret>`, with Stripe and the test provider alike. */
export function paymentIntentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

export function paymentSuccessPath(orderId: string, paymentIntentId: string): string {
  return `/payment-success?${new URLSearchParams({ order_id: orderId, payment_intent_id: paymentIntentId })}`;
}

/** A failed payment: the provider's message inline (else 'Payment failed') and in a toast (else the fallback). */
export function paymentFailure(error: unknown): { message: string; toast: string } {
  const provider = providerMessage(error);
  return { message: provider ?? PAYMENT_MESSAGES.failed, toast: provider ?? PAYMENT_MESSAGES.toastFallback };
}

function providerMessage(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage || null;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message) {
    // Stripe.js errors carry the card network's message; a failed fetch says nothing a visitor can use.
    return error instanceof TypeError ? null : error.message;
  }
  return null;
}

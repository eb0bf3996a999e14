/**
 * Stripe.js, fetched from Stripe only when the shop is configured for Stripe (a shop on the
 * built-in provider never contacts Stripe). The types cover the calls the checkout makes.
 */

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripePaymentIntent {
  id: string;
  status:
    | 'succeeded'
    | 'processing'
    | 'requires_action'
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_capture'
    | 'canceled';
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'loaderror', handler: (event: { error?: StripeError }) => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: Record<string, unknown>): StripePaymentElement;
  getElement(type: 'payment'): StripePaymentElement | null;
  submit(): Promise<{ error?: StripeError }>;
}

export interface StripeClient {
  elements(options: { clientSecret: string; appearance?: Record<string, unknown> }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string; payment_method_data?: { billing_details?: Record<string, unknown> } };
    redirect: 'if_required';
  }): Promise<{ error?: StripeError; paymentIntent?: StripePaymentIntent }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

let loading: Promise<StripeFactory> | null = null;

/** Adds Stripe's script once; a failed load may be tried again. */
export function loadStripeJs(): Promise<StripeFactory> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js did not start')));
    script.onerror = () => {
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

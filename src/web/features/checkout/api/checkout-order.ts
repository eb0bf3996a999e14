/** The order behind the payment step, as the checkout and the pay-again page both hold it. */
export interface CreatedCheckout {
  orderId: string;
  clientSecret: string;
}

export type CheckoutOrderState =
  { status: 'idle' | 'creating' } | ({ status: 'ready' } & CreatedCheckout) | { status: 'error'; error: string };

/** What a payment form reports once the card is accepted. */
export interface PaidOrder {
  orderId: string;
  paymentIntentId: string;
}

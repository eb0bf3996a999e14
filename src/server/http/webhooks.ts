/**
 * The largest webhook body the shop reads. Stripe's events carry one API object (a
 * PaymentIntent is 2–5 KB, its metadata capped at 50 keys of 500 characters); Printful's
 * carry one order with its shipment, and our orders hold at most 50 lines (some 2 KB each
 * with their files). 256 KB is well above either, and what an unauthenticated sender can
 * make the shop read and parse stays small.
 */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

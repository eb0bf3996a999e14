/** The built-in provider's card form: what the visitor types, formatted and checked like Stripe's card field. */
import { CARD_MESSAGES, cardDigits, checkCard, type CardInput, type CardProblem } from '@/domain/checkout';

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

/** `4242424242424242` → `4242 4242 4242 4242`; American Express as 4-6-5. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (/^3[47]/.test(digits))
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `1230` → `12 / 30`; a first digit above 1 is a month of its own (`4` → `04 / `). */
export function formatExpiry(value: string, previous = ''): string {
  let digits = value.replace(/\D/g, '');
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  // Deleting the separator deletes the month's last digit, as a visitor expects.
  if (previous.endsWith(' / ') && value === previous.slice(0, -1)) return digits.slice(0, 1);
  if (digits.length >= 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  return digits;
}

export function formatCvc(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}

export function cardInputOf(fields: CardFields): CardInput {
  const expiry = fields.expiry.replace(/\D/g, '');
  return {
    number: cardDigits(fields.number),
    exp_month: Number(expiry.slice(0, 2)),
    exp_year: Number(expiry.slice(2, 4)),
    cvc: fields.cvc,
  };
}

/** The first thing wrong, in Stripe's words, field by field as the card field reads. */
export function cardProblem(fields: CardFields, now: Date = new Date()): Pick<CardProblem, 'field' | 'message'> | null {
  const problem = checkCard(cardInputOf(fields), now);
  if (problem?.field === 'number') return problem;
  if (fields.expiry.replace(/\D/g, '').length < 4) return { field: 'expiry', message: CARD_MESSAGES.incompleteExpiry };
  return problem;
}

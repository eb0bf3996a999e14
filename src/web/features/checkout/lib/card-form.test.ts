import { describe, expect, it } from 'vitest';
import { cardInputOf, cardProblem, formatCardNumber, formatCvc, formatExpiry } from './card-form';

const now = new Date('2026-06-15T12:00:00Z');
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12 / 27',
  cvc: '123',
  ...overrides,
});

describe('the test provider card form reads like Stripe’s card field', () => {
  it('groups the number in fours (American Express 4-6-5) and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0025-0000-3155')).toBe('4000 0025 0000 3155');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCvc('12a34')).toBe('1234');
  });

  it('writes the expiry as MM / YY, and deleting the separator deletes a digit', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('1227')).toBe('12 / 27');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12 /', '12 / ')).toBe('1');
  });

  it('sends the card as digits and numbers', () => {
    expect(cardInputOf(card())).toEqual({ number: '4242424242424242', exp_month: 12, exp_year: 27, cvc: '123' });
  });

  it("names the first problem in Stripe's words", () => {
    expect(cardProblem(card(), now)).toBeNull();
    expect(cardProblem(card({ number: '4242' }), now)?.message).toBe('Your card number is incomplete.');
    expect(cardProblem(card({ number: '4242 4242 4242 4241' }), now)?.message).toBe('Your card number is invalid.');
    expect(cardProblem(card({ expiry: '12 / ' }), now)?.message).toBe("Your card's expiration date is incomplete.");
    expect(cardProblem(card({ expiry: '13 / 27' }), now)?.message).toBe("Your card's expiration month is invalid.");
    expect(cardProblem(card({ expiry: '05 / 26' }), now)?.message).toBe("Your card's expiration date is in the past.");
    expect(cardProblem(card({ expiry: '12 / 25' }), now)?.message).toBe("Your card's expiration year is in the past.");
    expect(cardProblem(card({ cvc: '12' }), now)?.message).toBe("Your card's security code is incomplete.");
  });
});

import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents, formatDollars, lineTotalCents } from './money';

describe('money is stored in cents and shown as dollars with 2 decimals', () => {
  it('shows 2599 cents as $25.99', () => expect(formatCents(2599)).toBe('$25.99'));
  it('shows whole dollars with two decimals', () => expect(formatDollars(12)).toBe('$12.00'));
  it('rounds dollars to the nearest cent without float drift', () => expect(dollarsToCents(19.99)).toBe(1999));
  it('computes a line total as unit price times quantity', () => expect(lineTotalCents(1999, 3)).toBe(5997));
  it('formats per currency code', () => expect(formatCents(1000, 'eur')).toBe('€10.00'));
});

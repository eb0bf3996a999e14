/** Addresses as each country writes them (issue 34: e-mails wrote 'Leuven, 3000 / BE'). */
import { describe, expect, it } from 'vitest';
import { postalAddressLines } from './postal-address.js';

const base = { name: 'Jan Peeters', line1: 'Bondgenotenlaan 12', line2: null, state: null };

describe('postal addresses, per country', () => {
  it('Belgium: postcode before the city, and the country’s name', () => {
    expect(postalAddressLines({ ...base, city: 'Leuven', postalCode: '3000', country: 'BE' })).toEqual([
      'Jan Peeters',
      'Bondgenotenlaan 12',
      '3000 Leuven',
      'Belgium',
    ]);
  });

  it('the United States: city, state and ZIP on one line; line 2 under the street', () => {
    expect(
      postalAddressLines({
        name: 'Rita Refund',
        line1: '7 Quay Street',
        line2: 'Apt 4',
        city: 'Portland',
        state: 'ME',
        postalCode: '04101',
        country: 'US',
      }),
    ).toEqual(['Rita Refund', '7 Quay Street', 'Apt 4', 'Portland, ME 04101', 'United States']);
  });

  it('the United Kingdom: the postcode on a line of its own', () => {
    expect(
      postalAddressLines({
        ...base,
        name: 'Ada',
        line1: '10 Downing St',
        city: 'London',
        postalCode: 'SW1A 2AA',
        country: 'GB',
      }),
    ).toEqual(['Ada', '10 Downing St', 'London', 'SW1A 2AA', 'United Kingdom']);
  });

  it('no address at all is no lines', () => {
    expect(
      postalAddressLines({
        name: null,
        line1: null,
        line2: null,
        city: null,
        state: null,
        postalCode: null,
        country: null,
      }),
    ).toEqual([]);
  });
});

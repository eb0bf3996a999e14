import { describe, expect, it } from 'vitest';
import {
  addressProblems,
  COUNTRY_CODES,
  countryName,
  isPostalCodeRequired,
  isStateRequired,
  normalizePostalCode,
} from './address';
import { addressSchema } from './checkout';

const problems = (country: string, postalCode: string, state = '') => addressProblems({ country, state, postalCode });

const address = {
  name: 'Anna Peeters',
  line1: 'Bondgenotenlaan 1',
  city: 'Leuven',
  state: '',
  postalCode: '3000',
  country: 'BE',
};

describe('the countries offered', () => {
  it('are every ISO 3166-1 country, each once and each with a name', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThanOrEqual(249);
    for (const code of ['US', 'BE', 'GB', 'CA', 'DE', 'NL', 'IE', 'HK', 'AE', 'AQ'])
      expect(COUNTRY_CODES).toContain(code);
    expect(COUNTRY_CODES.filter((code) => countryName(code) === code)).toEqual([]);
  });

  it("refuse a code that is no country with 'Please choose a country'", () => {
    expect(addressSchema.safeParse({ ...address, country: 'ZZ' }).error?.issues[0]?.message).toBe(
      'Please choose a country',
    );
  });
});

describe('the United States keep the storefront rules (§5)', () => {
  it("'Postal code is required' when missing; one given but not a ZIP says so as every country does (issue 34)", () => {
    expect(problems('US', '', 'OR')).toEqual({ postalCode: 'Postal code is required' });
    expect(problems('US', '9720', 'OR')).toEqual({ postalCode: 'Enter a valid postal code for United States.' });
    expect(problems('US', '97201-12', 'OR')).toEqual({ postalCode: 'Enter a valid postal code for United States.' });
    expect(problems('US', '97201', 'OR')).toEqual({});
    expect(problems('US', '97201-1234', 'OR')).toEqual({});
  });

  it("'State is required' under 2 characters", () => {
    expect(problems('US', '97201', 'O')).toEqual({ state: 'State is required' });
    expect(problems('US', '97201', '')).toEqual({ state: 'State is required' });
  });
});

describe('postal codes are checked against the country’s own format', () => {
  it.each([
    ['BE', '3000'],
    ['GB', 'SW1A 1AA'],
    ['GB', 'sw1a1aa'],
    ['CA', 'K1A 0B1'],
    ['DE', '10115'],
    ['NL', '1012 AB'],
    ['NL', '1012ab'],
    ['FR', '75001'],
    ['JP', '100-0001'],
  ])('accepts %s %s', (country, postalCode) => {
    expect(problems(country, postalCode, 'ON').postalCode).toBeUndefined();
  });

  it.each([
    ['BE', '300', 'Belgium'],
    ['BE', '30000', 'Belgium'],
    ['GB', '12345', 'United Kingdom'],
    ['CA', 'K1A 0B', 'Canada'],
    ['DE', '1011', 'Germany'],
    ['NL', '1012', 'Netherlands'],
  ])("refuses %s %s: 'Enter a valid postal code for %s.'", (country, postalCode, name) => {
    expect(problems(country, postalCode, 'ON').postalCode).toBe(`Enter a valid postal code for ${name}.`);
  });

  it("asks for a missing one with the spec's 'Postal code is required'", () => {
    expect(problems('BE', '  ').postalCode).toBe('Postal code is required');
    expect(isPostalCodeRequired('DE')).toBe(true);
  });

  it('is written trimmed, in capitals and with single spaces', () => {
    expect(normalizePostalCode('  sw1a   1aa ')).toBe('SW1A 1AA');
    expect(addressSchema.parse({ ...address, country: 'NL', postalCode: ' 1012  ab' }).postalCode).toBe('1012 AB');
  });
});

describe('countries without postal codes ask for none', () => {
  it.each(['HK', 'AE', 'QA', 'IE'])('%s: an empty postal code is fine', (country) => {
    expect(isPostalCodeRequired(country)).toBe(false);
    expect(problems(country, '')).toEqual({});
  });

  it('a given Eircode is still checked', () => {
    expect(problems('IE', 'D02 X285')).toEqual({});
    expect(problems('IE', '12')).toEqual({ postalCode: 'Enter a valid postal code for Ireland.' });
  });

  it('a country whose format is unknown takes letters, digits, spaces and dashes', () => {
    expect(problems('AE', 'PO 1234')).toEqual({});
    expect(problems('AE', '<script>')).toEqual({ postalCode: 'Enter a valid postal code for United Arab Emirates.' });
  });
});

describe('a state or province only where the country has one', () => {
  it('the US, Canada, Australia and a few more ask for it, in their own word', () => {
    for (const country of ['US', 'CA', 'AU', 'BR', 'MX', 'IN', 'JP', 'CN']) expect(isStateRequired(country)).toBe(true);
    expect(problems('CA', 'K1A 0B1')).toEqual({ state: 'Province is required' });
    expect(problems('AU', '2000')).toEqual({ state: 'State is required' });
    expect(problems('JP', '100-0001')).toEqual({ state: 'Prefecture is required' });
  });

  it('Belgium, the UK, Germany and the Netherlands do not', () => {
    for (const country of ['BE', 'GB', 'DE', 'NL', 'HK']) expect(isStateRequired(country)).toBe(false);
    expect(addressSchema.safeParse(address).success).toBe(true);
  });
});

describe('the request body holds each address to its country (what the server decides)', () => {
  it('names the field and the country', () => {
    const result = addressSchema.safeParse({ ...address, postalCode: '300' });
    expect(result.error?.issues).toMatchObject([
      { path: ['postalCode'], message: 'Enter a valid postal code for Belgium.' },
    ]);
  });

  it('keeps the US rules when no country is sent', () => {
    const result = addressSchema.safeParse({ ...address, country: undefined, state: '', postalCode: '3000' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'State is required',
      'Enter a valid postal code for United States.',
    ]);
  });
});

/**
 * The countries offered for billing and shipping: ISO 3166-1 alpha-2 codes (what the order
 * stores), named in English as the browser knows them, the United States first.
 */
import { COUNTRY_CODES, countryName } from '@/domain/address';
import { DEFAULT_COUNTRY } from '@/domain/checkout';

export interface Country {
  code: string;
  name: string;
}

let countries: Country[] | undefined;

export function countryList(): Country[] {
  if (countries) return countries;
  const named = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) }));
  named.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const first = named.find((country) => country.code === DEFAULT_COUNTRY)!;
  countries = [first, ...named.filter((country) => country !== first)];
  return countries;
}

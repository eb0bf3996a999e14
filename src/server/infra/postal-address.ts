/**
 * Postal addresses written as each country writes them: the order of city, postcode and
 * region, and the country's name rather than its code ('3000 Leuven / Belgium', not 'Leuven,
 * 3000 / BE'). The templates are OpenCage's, kept by @fragaria/address-formatter; the second
 * line of the street, which the templates have no place for, follows the first.
 */
import addressFormatter from '@fragaria/address-formatter';

export interface PostalAddress {
  name: string | null;
  line1: string | null;
  line2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string | null;
}

/** Names a visitor reads: the templates' own are formal ('United States of America'). */
const COUNTRY_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** The address's lines, top to bottom, ending with the country's name; empty when there is none. */
export function postalAddressLines(address: PostalAddress): string[] {
  const country = address.country?.trim().toUpperCase() || null;
  if (!address.line1 && !address.city && !address.name) return [];
  const lines = addressFormatter.format(
    {
      attention: address.name ?? undefined,
      road: address.line1 ?? undefined,
      city: address.city ?? undefined,
      state: address.state ?? undefined,
      postcode: address.postalCode ?? undefined,
      countryCode: country ?? undefined,
    },
    { output: 'array', appendCountry: false, fallbackCountryCode: country ?? 'US' },
  );
  if (address.line2) {
    const street = address.line1 ? lines.indexOf(address.line1) : -1;
    lines.splice(street >= 0 ? street + 1 : Math.min(1, lines.length), 0, address.line2);
  }
  if (country) lines.push(COUNTRY_NAMES.of(country) ?? country);
  return lines;
}

/** One order's shipping or billing columns as a postal address. */
export function orderAddress(
  order: Record<
    `${'shipping' | 'billing'}_${'name' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'postal_code' | 'country'}`,
    string | null
  >,
  kind: 'shipping' | 'billing',
): PostalAddress {
  return {
    name: order[`${kind}_name`],
    line1: order[`${kind}_address_line1`],
    line2: order[`${kind}_address_line2`],
    city: order[`${kind}_city`],
    state: order[`${kind}_state`],
    postalCode: order[`${kind}_postal_code`],
    country: order[`${kind}_country`],
  };
}

/**
 * Address rules by country, used by the checkout wizard and by `POST /api/checkout` alike.
 * The storefront's own rules (§5: 'State is required', 'Postal code is required' under five
 * characters) are United States rules, and the US keeps them word for word. Elsewhere the
 * postal code is checked against the country's own format (postcode-validator keeps those
 * formats), a country without postal codes asks for none, and a state or province is asked
 * for only where an address needs one.
 */
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Every ISO 3166-1 alpha-2 country, and XK: Kosovo's user-assigned code, which Stripe and
 * Printful both use.
 */
export const COUNTRY_CODES: readonly string[] = `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH
BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC
EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL
IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH
MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS
PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN
TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW`.split(/\s+/);

const KNOWN_COUNTRIES = new Set(COUNTRY_CODES);

export const ADDRESS_MESSAGES = {
  state: 'State is required',
  postalCode: 'Postal code is required',
  postalCodeInvalid: 'Enter a valid postal code.',
  country: 'Please choose a country',
} as const;

/** A postal code given but not in the country's format. */
export const postalCodeInvalidFor = (country: string) =>
  isKnownCountry(country)
    ? `Enter a valid postal code for ${countryName(country)}.`
    : ADDRESS_MESSAGES.postalCodeInvalid;

/**
 * Where an address is not deliverable without its first-level region, and what that region
 * is called. Printful needs the state code for the US, Canada and Australia; the others write
 * it on every envelope.
 */
const REQUIRED_REGIONS: Readonly<Record<string, string>> = {
  US: 'State',
  CA: 'Province',
  AU: 'State',
  BR: 'State',
  MX: 'State',
  IN: 'State',
  JP: 'Prefecture',
  CN: 'Province',
};

/** Postal codes exist but are not needed to deliver: Ireland's Eircode is checked only if given. */
const OPTIONAL_POSTAL_CODES = new Set(['IE']);

export function isKnownCountry(country: string): boolean {
  return KNOWN_COUNTRIES.has(country);
}

let displayNames: Intl.DisplayNames | undefined;

/** The country's English name, as the browser and Node both know it. */
export function countryName(country: string): string {
  displayNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return displayNames.of(country) ?? country;
}

export function isStateRequired(country: string): boolean {
  return country in REQUIRED_REGIONS;
}

/** Whether the country's addresses must carry a postal code (the US by the spec's rule). */
export function isPostalCodeRequired(country: string): boolean {
  if (country === 'US') return true;
  if (OPTIONAL_POSTAL_CODES.has(country) || !postcodeValidatorExistsForCountry(country)) return false;
  // A format that accepts nothing is a country whose postal codes are optional (Bahrain, Nigeria, …).
  return !postcodeValidator('', country);
}

/** Trimmed, single spaces, capitals: 'sw1a  1aa' is written 'SW1A 1AA'. */
export function normalizePostalCode(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

export interface AddressRegionInput {
  country: string;
  state: string;
  postalCode: string;
}

/** What is wrong with an address's state and postal code for its country: a message per field. */
export function addressProblems({ country, state, postalCode }: AddressRegionInput): {
  state?: string;
  postalCode?: string;
} {
  const problems: { state?: string; postalCode?: string } = {};
  const region = REQUIRED_REGIONS[country];
  if (country === 'US') {
    // Storefront §5, as written.
    if (state.trim().length < 2) problems.state = ADDRESS_MESSAGES.state;
  } else if (region && state.trim().length < 2) problems.state = `${region} is required`;
  const code = normalizePostalCode(postalCode);
  // Missing: the spec's 'Postal code is required'. Given but not the country's format (a US
  // '1234' too): 'Enter a valid postal code for …', as every country gets.
  if (!code) {
    if (isPostalCodeRequired(country)) problems.postalCode = ADDRESS_MESSAGES.postalCode;
  } else if (!isValidPostalCode(code, country)) {
    problems.postalCode = postalCodeInvalidFor(country);
  }
  return problems;
}

function isValidPostalCode(code: string, country: string): boolean {
  // A country whose format the library does not know gets a plain letters-and-digits check.
  return postcodeValidator(code, postcodeValidatorExistsForCountry(country) ? country : 'INTL');
}

/**
 * The countries offered for billing and shipping: ISO 3166-1 alpha-2 codes (what the order
 * stores), named in the visitor's language by the browser, the United States first.
 */
import { DEFAULT_COUNTRY } from '@/domain/checkout';

const CODES = `AD AE AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FK FM FO FR GA GB GD GE
GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IS IT JE JM JO JP KE KG KH KI KM KN KR
KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE
NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RW SA SB SC SE SG SH SI SJ SK SL SM
SN SO SR SS ST SV SX SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK
YE YT ZA ZM ZW`.split(/\s+/);

export interface Country {
  code: string;
  name: string;
}

let countries: Country[] | undefined;

export function countryList(): Country[] {
  if (countries) return countries;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  const named = CODES.map((code) => ({ code, name: names.of(code) ?? code }));
  named.sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const first = named.find((country) => country.code === DEFAULT_COUNTRY)!;
  countries = [first, ...named.filter((country) => country !== first)];
  return countries;
}

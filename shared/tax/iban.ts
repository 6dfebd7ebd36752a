import type { Problem } from '#shared/tax/problem.ts';

/** Removes spaces and upper-cases: what a caller types on paper → the electronic form. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

// Each country's IBAN: its length, then its account number (BBAN) as runs of digits (n), capital
// letters (a) or either (c): the facts of SWIFT's IBAN Registry, with the countries that issue IBANs
// outside it. A table of a kilobyte, where an IBAN library with every country's bank and branch
// positions and national check digits was about 18 KB of each income tax function; ISO 13616's
// check digits already find any one mistyped character and any two swapped neighbours.
const structures =
  'AD24:8n12c AE23:3n16n AL28:8n16c AO25:21n AT20:16n AX18:14n AZ28:4a20c BA20:16n BE16:12n BF28:2c22n BG22:4a6n8c BH22:4a14c ' +
  'BI27:23n BJ28:2c22n BL27:10n11c2n BR29:23n1a1c BY28:4a4n16c CF27:23n CG27:23n CH21:5n12c CI28:1a23n CM27:23n CR22:18n ' +
  'CV25:21n CY28:8n16c CZ24:20n DE22:18n DJ27:23n DK18:14n DO28:4a20n DZ26:22n EE20:16n EG29:25n ES24:20n FI18:14n FK18:2a12n ' +
  'FO18:14n FR27:10n11c2n GA27:23n GB22:4a14n GE22:2c16n GF27:10n11c2n GI23:4a15c GL18:14n GP27:10n11c2n GQ27:23n GR27:7n16c ' +
  'GT28:24c GW25:2a19n HN28:4a20n HR21:17n HU28:24n IE22:4c14n IL23:19n IQ23:4a15n IR26:22n IS26:22n IT27:1a10n12c ' +
  'JO30:4a4n18c KM27:23n KW30:4a22c KZ20:3n13c LB28:4n20c LC32:4a24c LI21:5n12c LT20:16n LU20:3n13c LV21:4a13c LY25:21n ' +
  'MA28:24n MC27:10n11c2n MD24:2c18c ME22:18n MF27:10n11c2n MG27:23n MK19:3n10c2n ML28:2c22n MN20:16n MQ27:10n11c2n MR27:23n ' +
  'MT31:4a5n18c MU30:4a19n3a MZ25:21n NC27:10n11c2n NE28:2a22n NI28:4a20n NL18:4a10n NO15:11n OM23:3n16c PF27:10n11c2n ' +
  'PK24:4c16n PL28:24n PM27:10n11c2n PS29:4c21n PT25:21n QA29:4a21c RE27:10n11c2n RO24:4a16c RS22:18n RU33:14n15c SA24:2n18c ' +
  'SC31:4a20n3a SD18:14n SE24:20n SI19:15n SK24:20n SM27:1a10n12c SN28:2a22n SO23:19n ST25:21n SV28:4a20n TD27:23n ' +
  'TF27:10n11c2n TG28:2a22n TL23:19n TN24:20n TR26:5n17c UA29:6n19c VA22:18n VG24:4c16n WF27:10n11c2n XK20:16n YE30:4a4n18c ' +
  'YT27:10n11c2n';
const runs: Readonly<Record<string, string>> = { n: '[0-9]', a: '[A-Z]', c: '[A-Z0-9]' };

let countries: Map<string, { length: number; bban: RegExp }> | undefined;
const countryOf = (code: string) =>
  (countries ??= new Map(
    structures.split(' ').map((entry) => {
      const [, country, length, bban] = /^([A-Z]{2})(\d+):(.+)$/.exec(entry)!;
      return [country!, { length: Number(length), bban: new RegExp(`^${bban!.replace(/(\d+)([nac])/g, (_, count, run) => `${runs[run]}{${count}}`)}$`) }];
    }),
  )).get(code);

/**
 * ISO 13616's check digits, from 02 to 98: the account number, the country and "00", letters as 10
 * to 35, taken mod 97 and subtracted from 98.
 */
function checkDigitsHold(iban: string): boolean {
  let remainder = 0;
  for (const character of `${iban.slice(4)}${iban.slice(0, 2)}00`) {
    const value = parseInt(character, 36);
    remainder = (remainder * (value < 10 ? 10 : 100) + value) % 97;
  }
  return 98 - remainder === Number(iban.slice(2, 4));
}

/** Country code, length and structure for that country, check digits (ISO 13616). Input already normalized. */
export function ibanProblem(iban: string): Problem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z\d]+$/.test(iban)) {
    return { code: 'IBAN_FORMAT', message: 'must be an IBAN: a two-letter country code, two check digits and the account number, letters and digits only' };
  }
  const country = iban.slice(0, 2);
  const structure = countryOf(country);
  if (!structure) {
    return { code: 'IBAN_FORMAT', message: `starts with ${country}, which is not the country code of a country that has IBANs` };
  }
  if (iban.length !== structure.length) {
    return { code: 'IBAN_COUNTRY_LENGTH', message: `must have ${structure.length} characters, as every IBAN from ${country} has; it has ${iban.length}` };
  }
  if (!structure.bban.test(iban.slice(4))) {
    return { code: 'IBAN_FORMAT', message: `does not have the form of an IBAN from ${country}: letters and digits stand in the wrong places` };
  }
  if (!checkDigitsHold(iban)) {
    return { code: 'IBAN_CHECKSUM', message: 'does not pass its check digits: a character is probably mistyped or swapped' };
  }
  return undefined;
}

import { berlinProcedure, isKnownTaxOffice } from '#shared/tax/bufa.ts';
import { type Land, lands } from '#shared/tax/lands.ts';
import type { Problem } from '#shared/tax/problem.ts';

// ELSTER's tax number: 13 digits = tax office (BUFA, 4) + 0 + district (3; NW 4) + serial (4; NW 3)
// + check digit. The Länder write it on their letters in their own notations [RL, G].

/** The check digit the first 12 digits call for; 10 when no check digit can fit them. */
type CheckProcedure = (elster: string) => number;

interface LandRules {
  name: string;
  /** ELSTER tax numbers of the Land begin with it: the leading digits of all its tax offices. */
  prefix: string;
  /** On letters: F tax office, B district, U serial, P check digit; a written digit is not part of the ELSTER number. */
  notation: string;
  checkDigit: CheckProcedure;
}

const digitsOf = (elster: string) => Array.from(elster, Number);
const weightedSum = (elster: string, weights: readonly number[]) => {
  const digits = digitsOf(elster);
  return weights.reduce((sum, weight, index) => sum + weight * (digits[index] ?? 0), 0);
};

// Check procedures on the first 12 digits [RL Constants::FACTORS, Validate.php].
const eleven =
  (weights: readonly number[]): CheckProcedure =>
  (elster) =>
    (11 - (weightedSum(elster, weights) % 11)) % 11;
const elevenWeights = [0, 5, 4, 3, 0, 2, 7, 6, 5, 4, 3, 2];
const bremenHamburgWeights = [0, 0, 4, 3, 0, 2, 7, 6, 5, 4, 3, 2];
const niedersachsenBerlinBWeights = [0, 0, 2, 9, 0, 8, 7, 6, 5, 4, 3, 2];
const berlinAWeights = [0, 0, 0, 0, 0, 7, 6, 5, 8, 4, 3, 2];

const berlin: CheckProcedure = (elster) =>
  eleven(berlinProcedure(elster.slice(0, 4), elster.slice(5, 8)) === 'A' ? berlinAWeights : niedersachsenBerlinBWeights)(elster);

const nordrheinWestfalen: CheckProcedure = (elster) => weightedSum(elster, [0, 3, 2, 1, 0, 7, 6, 5, 4, 3, 2, 1]) % 11;

/** The modified 11er procedure: a two-digit product counts as its last digit plus one. */
const rheinlandPfalz: CheckProcedure = (elster) => {
  const digits = digitsOf(elster);
  const weights = [0, 0, 1, 2, 0, 1, 2, 1, 2, 1, 2, 1];
  const sum = weights.reduce((total, weight, index) => {
    const product = weight * (digits[index] ?? 0);
    return total + (product > 9 ? (product % 10) + 1 : product);
  }, 0);
  return (10 - (sum % 10)) % 10;
};

const digitalRoot = (value: number) => (value === 0 ? 0 : 1 + ((value - 1) % 9));

/** The 2er procedure of BW, HE and SH. */
const twos: CheckProcedure = (elster) => {
  const digits = digitsOf(elster);
  const summands = [0, 0, 9, 8, 0, 7, 6, 5, 4, 3, 2, 1];
  const factors = [0, 0, 512, 256, 0, 128, 64, 32, 16, 8, 4, 2];
  const sum = factors.reduce((total, factor, index) => total + digitalRoot((((digits[index] ?? 0) + (summands[index] ?? 0)) % 10) * factor), 0);
  return (10 - (sum % 10)) % 10;
};

const landRules: Record<Land, LandRules> = {
  BW: { name: 'Baden-Württemberg', prefix: '28', notation: 'FFBBB/UUUUP', checkDigit: twos },
  BY: { name: 'Bayern', prefix: '9', notation: 'FFF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  BE: { name: 'Berlin', prefix: '11', notation: 'FF/BBB/UUUUP', checkDigit: berlin },
  BB: { name: 'Brandenburg', prefix: '30', notation: '0FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  HB: { name: 'Bremen', prefix: '24', notation: 'FF BBB UUUUP', checkDigit: eleven(bremenHamburgWeights) },
  HH: { name: 'Hamburg', prefix: '22', notation: 'FF/BBB/UUUUP', checkDigit: eleven(bremenHamburgWeights) },
  HE: { name: 'Hessen', prefix: '26', notation: '0FF BBB UUUUP', checkDigit: twos },
  MV: { name: 'Mecklenburg-Vorpommern', prefix: '40', notation: '0FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  NI: { name: 'Niedersachsen', prefix: '23', notation: 'FF/BBB/UUUUP', checkDigit: eleven(niedersachsenBerlinBWeights) },
  NW: { name: 'Nordrhein-Westfalen', prefix: '5', notation: 'FFF/BBBB/UUUP', checkDigit: nordrheinWestfalen },
  RP: { name: 'Rheinland-Pfalz', prefix: '27', notation: 'FF/BBB/UUUU/P', checkDigit: rheinlandPfalz },
  SL: { name: 'Saarland', prefix: '10', notation: '0FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  SN: { name: 'Sachsen', prefix: '32', notation: '2FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  ST: { name: 'Sachsen-Anhalt', prefix: '31', notation: '1FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
  SH: { name: 'Schleswig-Holstein', prefix: '21', notation: 'FF BBB UUUUP', checkDigit: twos },
  TH: { name: 'Thüringen', prefix: '41', notation: '1FF/BBB/UUUUP', checkDigit: eleven(elevenWeights) },
};

/** The Länder's leading digits of a 13-digit ELSTER tax number, one or two of them. */
export const elsterTaxNumberPrefixes = Object.values(landRules).map((rules) => rules.prefix);

// No two prefixes start alike, so the first match is the only one.
const landOf = (elster: string) => lands.find((land) => elster.startsWith(landRules[land].prefix));

const isWrittenDigit = (placeholder: string) => /\d/.test(placeholder);

/**
 * Separators may stand between tax office, district, serial and check digit, or be left out:
 * sources write the same Land with slashes, spaces or none, and RP before the check digit.
 */
function separatorsFit(parts: readonly string[], layout: string): boolean {
  const part = (placeholder: string) => (isWrittenDigit(placeholder) ? 'F' : placeholder);
  let position = 0;
  return parts.slice(0, -1).every((digits) => {
    position += digits.length;
    const before = layout[position - 1];
    const after = layout[position];
    return before !== undefined && after !== undefined && part(before) !== part(after);
  });
}

/** A tax number in a Land's own notation (slash, space or no separators) → ELSTER's 13 digits, or why not. */
export function elsterTaxNumber(state: Land, number: string): { elster: string } | { problem: Problem } {
  const { name, prefix, notation } = landRules[state];
  const layout = notation.replace(/[/ ]/g, '');
  const parts = number.trim().split(/[/\s]+/);
  const digits = parts.join('');
  const fits =
    /^\d+$/.test(digits) &&
    digits.length === layout.length &&
    separatorsFit(parts, layout) &&
    Array.from(layout).every((placeholder, index) => !isWrittenDigit(placeholder) || placeholder === digits[index]);
  if (!fits) {
    return {
      problem: {
        code: 'TAX_NUMBER_STATE_FORMAT',
        message: `must be a tax number as ${name} writes it: ${notation}, ${layout.length} digits (slashes or spaces may be left out)`,
      },
    };
  }
  const placed = Array.from(digits)
    .filter((_, index) => !isWrittenDigit(layout[index] ?? ''))
    .join('');
  const taxOfficeDigits = 4 - prefix.length;
  return { elster: `${prefix}${placed.slice(0, taxOfficeDigits)}0${placed.slice(taxOfficeDigits)}` };
}

/** ELSTER's 13 digits → the Land and its letter notation (e.g. { state: 'BY', number: '181/815/08155' }); undefined when no Land has that prefix or it is no ELSTER tax number. */
export function landNotation(elster: string): { state: Land; number: string } | undefined {
  const state = landOf(elster);
  if (!/^\d{4}0\d{8}$/.test(elster) || state === undefined) return undefined;
  const { prefix, notation } = landRules[state];
  const placed = Array.from(elster.slice(prefix.length, 4) + elster.slice(5));
  const number = Array.from(notation, (character) => (/[FBUP]/.test(character) ? placed.shift() : character)).join('');
  return { state, number };
}

/** Everything that makes a 13-digit ELSTER tax number wrong: format, Land prefix, unknown tax office (BUFA), forbidden district, check digit. Undefined when it is right. */
export function taxNumberProblem(elster: string): Problem | undefined {
  if (!/^\d{13}$/.test(elster)) {
    return {
      code: 'TAX_NUMBER_FORMAT',
      message: 'must be the 13-digit ELSTER tax number, digits only (a tax number as written on the tax office’s letters needs its Land)',
    };
  }
  const state = landOf(elster);
  if (state === undefined) {
    return { code: 'TAX_NUMBER_STATE_UNKNOWN', message: `starts with ${elster.slice(0, 2)}, which begins the tax numbers of no Land: check the number` };
  }
  if (elster[4] !== '0') {
    return { code: 'TAX_NUMBER_FORMAT', message: 'must have 0 as its fifth digit in the 13-digit ELSTER format' };
  }
  const taxOffice = elster.slice(0, 4);
  if (!isKnownTaxOffice(taxOffice)) {
    return {
      code: 'TAX_OFFICE_UNKNOWN',
      message: `starts with ${taxOffice}, which is not (or no longer) the number of a tax office in ${landRules[state].name}: check the number`,
    };
  }
  // NW's district has four digits, the others three [RL Common.php].
  const district = elster.slice(5, state === 'NW' ? 9 : 8);
  if (['000', '998', '999', '0000', '0998', '0999'].includes(district)) {
    return { code: 'TAX_NUMBER_DISTRICT', message: `has the district ${district}, which tax offices never give out: check the number` };
  }
  if (landRules[state].checkDigit(elster) !== Number(elster[12])) {
    return { code: 'TAX_NUMBER_CHECK_DIGIT', message: 'does not pass its check digit (the last digit): a digit is probably mistyped or swapped' };
  }
  return undefined;
}

/** A 4-digit Bundesfinanzamtsnummer that no tax office has (for first returns, which give only the tax office). */
export function taxOfficeProblem(bufa: string): Problem | undefined {
  if (isKnownTaxOffice(bufa)) return undefined;
  return /^\d{4}$/.test(bufa)
    ? { code: 'TAX_OFFICE_UNKNOWN', message: 'is not (or no longer) the number of any tax office (Bundesfinanzamtsnummer)' }
    : { code: 'TAX_OFFICE_UNKNOWN', message: 'must be the 4-digit number of a tax office (Bundesfinanzamtsnummer)' };
}

import { countrySpecs, validateIBAN, ValidationErrorsIBAN } from 'ibantools';
import type { Problem } from '#shared/tax/problem.ts';

/** Removes spaces and upper-cases: what a caller types on paper → the electronic form. */
export const normalizeIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** Country code, length for that country, checksum (ISO 13616, by ibantools). Input already normalized. */
export function ibanProblem(iban: string): Problem | undefined {
  if (!/^[A-Z]{2}\d{2}[A-Z\d]+$/.test(iban)) {
    return { code: 'IBAN_FORMAT', message: 'must be an IBAN: a two-letter country code, two check digits and the account number, letters and digits only' };
  }
  const country = iban.slice(0, 2);
  const { errorCodes } = validateIBAN(iban);
  if (errorCodes.includes(ValidationErrorsIBAN.NoIBANCountry)) {
    return { code: 'IBAN_FORMAT', message: `starts with ${country}, which is not the country code of a country that has IBANs` };
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANLength)) {
    return {
      code: 'IBAN_COUNTRY_LENGTH',
      message: `must have ${countrySpecs[country]?.chars} characters, as every IBAN from ${country} has; it has ${iban.length}`,
    };
  }
  if (errorCodes.includes(ValidationErrorsIBAN.WrongBBANFormat)) {
    return { code: 'IBAN_FORMAT', message: `does not have the form of an IBAN from ${country}: letters and digits stand in the wrong places` };
  }
  if (errorCodes.length > 0) {
    return { code: 'IBAN_CHECKSUM', message: 'does not pass its check digits: a character is probably mistyped or swapped' };
  }
  return undefined;
}

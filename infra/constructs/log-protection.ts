// What CloudWatch Logs masks in every log group of a stage, should a log line ever carry it: the
// code keeps tax data out of its lines (docs/reference/security.md, "Logs"), this is the net below that.

import { CustomDataIdentifier, DataIdentifier, DataProtectionPolicy } from 'aws-cdk-lib/aws-logs';
import { elsterTaxNumberPrefixes } from '#shared/tax/tax-number.ts';

/**
 * The 13-digit ELSTER tax number, by the Länder's prefixes (shared/tax/tax-number.ts): digits alone
 * would also mask the epoch milliseconds of every metric line, which start with 17.
 */
export const taxNumberPattern = elsterTaxNumberPrefixes.map((prefix) => `${prefix}\\d{${13 - prefix.length}}`).join('|');

/**
 * AWS's own identifiers for the IdNr (TaxId-DE), a German IBAN (BankAccountNumber-DE) and the
 * identity card number, and one of ours for the tax number, which AWS does not know. A new policy
 * for each log group: CloudFormation takes it as a property of the group.
 */
export function logDataProtection(): DataProtectionPolicy {
  return new DataProtectionPolicy({
    name: 'steuerbote-tax-data',
    description: 'Masks tax identifiers, tax numbers and German bank accounts should a log line carry one',
    identifiers: [
      DataIdentifier.TAXID_DE,
      DataIdentifier.BANKACCOUNTNUMBER_DE,
      DataIdentifier.NATIONALIDENTIFICATIONNUMBER_DE,
      new CustomDataIdentifier('TaxNumberDE', taxNumberPattern),
    ],
  });
}

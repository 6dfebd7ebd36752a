// What a certificate says of itself, as a client sees it: its names decoded by their ASN.1 string
// type (RFC 5280 § 4.1.2.4) and written with RFC 4514's escapes, its serial, validity and fingerprint.
// The certificate is read with the @peculiar X.509 schema.

import { createHash, type X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate, type AttributeValue, type Name } from '@peculiar/asn1-x509';
import { fromBER, NumericString, VisibleString } from 'asn1js';
import { shownText, type CertificateFacts } from '#shared/domain/certificate.ts';

// The attribute types' OIDs, with the short names of RFC 4514 and X.520.
const attributeNames: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.4': 'SN',
  '2.5.4.5': 'serialNumber',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.9': 'STREET',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.12': 'title',
  '2.5.4.17': 'postalCode',
  '2.5.4.42': 'GN',
  '2.5.4.65': 'pseudonym',
  '1.2.840.113549.1.9.1': 'E',
  '0.9.2342.19200300.100.1.25': 'DC',
};

/**
 * A value as RFC 4514 § 2.4 writes it: `,` `+` `"` `\\` `<` `>` `;` anywhere, `#` or a space at the
 * start and a space at the end behind a backslash, so that a value can never read as more attributes.
 */
export const escapedValue = (value: string) => value.replace(/[,+"\\<>;]|^[ #]| $/g, (character) => `\\${character}`);

/**
 * A directory string's text by its type (the schema decodes TeletexString as Latin-1, as the
 * certificates that use it mean it); NumericString and VisibleString, which the schema leaves
 * undecoded, as their characters; none for another type.
 */
function directoryString(value: AttributeValue): string | undefined {
  const text = value.utf8String ?? value.printableString ?? value.ia5String ?? value.teletexString ?? value.bmpString ?? value.universalString;
  if (text !== undefined) return text;
  if (!value.anyValue) return undefined;
  const { result } = fromBER(value.anyValue);
  return result instanceof NumericString || result instanceof VisibleString ? result.valueBlock.value : undefined;
}

/**
 * A value made safe to show and escaped; one of another type is shown as `#` and its DER in hex, as
 * RFC 4514 does.
 */
function decoded(value: AttributeValue): string {
  const text = directoryString(value);
  if (text !== undefined) return escapedValue(shownText(text));
  return `#${Buffer.from(value.anyValue ?? AsnConvert.serialize(value)).toString('hex')}`;
}

/**
 * A Name as `CN=…, O=…` in the certificate's order, each value decoded, made safe to show and escaped
 * (RFC 4514), the values of one multi-valued RDN joined by `+`.
 */
const nameOf = (name: Name) => name.map((rdn) => rdn.map(({ type, value }) => `${attributeNames[type] ?? type}=${decoded(value)}`).join('+')).join(', ');

/** What a certificate says of itself, without its key's type and size, which only its private key shows. */
export type X509Facts = Omit<CertificateFacts, 'key_type' | 'key_bits'>;

/** What `certificate` says of itself; none when its validity cannot be read as times. Throws when it cannot be read. */
export function certificateFacts(certificate: X509Certificate): X509Facts | undefined {
  const notBefore = Date.parse(certificate.validFrom);
  const notAfter = Date.parse(certificate.validTo);
  if (Number.isNaN(notBefore) || Number.isNaN(notAfter)) return undefined;
  const { tbsCertificate } = AsnConvert.parse(certificate.raw, Certificate);
  return {
    subject: nameOf(tbsCertificate.subject),
    issuer: nameOf(tbsCertificate.issuer),
    serial: Buffer.from(tbsCertificate.serialNumber).toString('hex'),
    not_before: new Date(notBefore).toISOString(),
    not_after: new Date(notAfter).toISOString(),
    fingerprint_sha256: createHash('sha256').update(certificate.raw).digest('hex'),
  };
}

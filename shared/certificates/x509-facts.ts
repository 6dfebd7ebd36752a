// What a certificate says of itself, as a client sees it: its names decoded by their ASN.1 string
// type (RFC 5280 § 4.1.2.4) and written with RFC 4514's escapes, its serial, validity and fingerprint.

import { createHash, type X509Certificate } from 'node:crypto';
import { shownText, type CertificateFacts } from '#shared/domain/certificate.ts';
import { child, children, oidHex, read, tags, valueOf, type Der } from '#shared/certificates/der.ts';

// DER of the attribute types' OIDs (value bytes, hex), with the short names of RFC 4514 and X.520.
const attributeNames: Record<string, string> = {
  '550403': 'CN',
  '550404': 'SN',
  '550405': 'serialNumber',
  '550406': 'C',
  '550407': 'L',
  '550408': 'ST',
  '550409': 'STREET',
  '55040a': 'O',
  '55040b': 'OU',
  '55040c': 'title',
  '550411': 'postalCode',
  '55042a': 'GN',
  '550441': 'pseudonym',
  '2a864886f70d010901': 'E',
  '0992268993f22c640119': 'DC',
};

/** An OID's dotted form, for an attribute type without a short name. */
function dotted(value: Uint8Array): string {
  const arcs: number[] = [];
  let arc = 0;
  for (const byte of value) {
    arc = arc * 128 + (byte & 0x7f);
    if (byte & 0x80) continue;
    if (arcs.length === 0) arcs.push(Math.min(2, Math.floor(arc / 40)), arc - 40 * Math.min(2, Math.floor(arc / 40)));
    else arcs.push(arc);
    arc = 0;
  }
  return arcs.join('.');
}

/**
 * A value as RFC 4514 § 2.4 writes it: `,` `+` `"` `\\` `<` `>` `;` anywhere, `#` or a space at the
 * start and a space at the end behind a backslash, so that a value can never read as more attributes.
 */
export const escapedValue = (value: string) => value.replace(/[,+"\\<>;]|^[ #]| $/g, (character) => `\\${character}`);

/**
 * A directory string by its tag, made safe to show and escaped; one of another type is shown as `#`
 * and its DER in hex, as RFC 4514 does.
 */
function decoded(bytes: Uint8Array, value: Der): string {
  const text = directoryString(bytes, value);
  return text === undefined ? `#${Buffer.from(bytes.subarray(value.head, value.end)).toString('hex')}` : escapedValue(shownText(text));
}

/** A directory string's text by its tag; none for another type. */
function directoryString(bytes: Uint8Array, value: Der): string | undefined {
  const raw = Buffer.from(valueOf(bytes, value));
  switch (value.tag) {
    case 0x0c: // UTF8String
      return raw.toString('utf8');
    case 0x12: // NumericString
    case 0x13: // PrintableString
    case 0x16: // IA5String
    case 0x1a: // VisibleString
    case 0x14: // TeletexString (T.61), read as Latin-1 as the certificates that use it mean it
      return raw.toString('latin1');
    case 0x1e: // BMPString: UTF-16 big-endian
      return raw.length % 2 === 0 ? Buffer.from(raw).swap16().toString('utf16le') : '\uFFFD';
    case 0x1c: // UniversalString: UTF-32 big-endian
      return raw.length % 4 === 0
        ? String.fromCodePoint(...Array.from({ length: raw.length / 4 }, (_, i) => Math.min(raw.readUInt32BE(i * 4), 0xfffd)))
        : '\uFFFD';
    default:
      return undefined;
  }
}

/**
 * A Name as `CN=…, O=…` in the certificate's order, each value decoded, made safe to show and escaped
 * (RFC 4514), the values of one multi-valued RDN joined by `+`.
 */
function nameOf(bytes: Uint8Array, name: Der): string {
  return children(bytes, name)
    .map((rdn) =>
      children(bytes, rdn)
        .map((attribute) => {
          const type = child(bytes, attribute, 0, tags.oid);
          const label = attributeNames[oidHex(bytes, type)] ?? dotted(valueOf(bytes, type));
          return `${label}=${decoded(bytes, child(bytes, attribute, 1))}`;
        })
        .join('+'),
    )
    .join(', ');
}

/** What a certificate says of itself, without its key's type and size, which only its private key shows. */
export type X509Facts = Omit<CertificateFacts, 'key_type' | 'key_bits'>;

/** What `certificate` says of itself; none when its validity cannot be read as times. */
export function certificateFacts(certificate: X509Certificate): X509Facts | undefined {
  const notBefore = Date.parse(certificate.validFrom);
  const notAfter = Date.parse(certificate.validTo);
  if (Number.isNaN(notBefore) || Number.isNaN(notAfter)) return undefined;
  const der = certificate.raw;
  // Certificate { TBSCertificate { [0] version?, serial, signature, issuer, validity, subject, … }, … }
  const tbs = children(der, child(der, read(der, 0), 0, tags.sequence));
  const fields = tbs[0]?.tag === tags.context0 ? tbs.slice(1) : tbs;
  const [serial, , issuer, , subject] = fields;
  if (!serial || !issuer || !subject) return undefined;
  return {
    subject: nameOf(der, subject),
    issuer: nameOf(der, issuer),
    serial: Buffer.from(valueOf(der, serial)).toString('hex'),
    not_before: new Date(notBefore).toISOString(),
    not_after: new Date(notAfter).toISOString(),
    fingerprint_sha256: createHash('sha256').update(der).digest('hex'),
  };
}

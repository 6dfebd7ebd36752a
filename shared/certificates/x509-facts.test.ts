import { X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { certificateFacts, escapedValue } from '#shared/certificates/x509-facts.ts';

describe('escapedValue', () => {
  it.each([
    ['Muster GmbH, O=Finanzamt München', 'Muster GmbH\\, O=Finanzamt München'],
    ['A+B "C" \\ <D>; E', 'A\\+B \\"C\\" \\\\ \\<D\\>\\; E'],
    ['#1 GmbH', '\\#1 GmbH'],
    [' leading and trailing ', '\\ leading and trailing\\ '],
    [' ', '\\ '],
    ['  ', '\\ \\ '],
    ['a#b = c', 'a#b = c'],
  ])('writes %j as %j', (value, escaped) => {
    expect(escapedValue(value)).toBe(escaped);
  });
});

describe('certificateFacts', () => {
  it('joins the values of a multi-valued RDN with +, and RDNs with a comma, each value escaped', () => {
    const keys = forge.pki.rsa.generateKeyPair(512);
    const certificate = forge.pki.createCertificate();
    certificate.publicKey = keys.publicKey;
    certificate.serialNumber = '01';
    certificate.validity.notBefore = new Date('2026-01-01T00:00:00Z');
    certificate.validity.notAfter = new Date('2027-01-01T00:00:00Z');
    const utf8 = forge.asn1.Type.UTF8 as unknown as forge.asn1.Class;
    certificate.setSubject([
      { shortName: 'CN', value: 'Muster GmbH, O=Finanzamt München', valueTagClass: utf8 },
      { shortName: 'C', value: 'DE' },
    ]);
    certificate.setIssuer([{ shortName: 'CN', value: 'Test CA' }]);
    certificate.sign(keys.privateKey, forge.md.sha256.create());
    // node-forge writes every attribute as an RDN of its own: join the first two into one.
    const asn1 = forge.pki.certificateToAsn1(certificate);
    const subject = ((asn1.value[0] as forge.asn1.Asn1).value as forge.asn1.Asn1[])[5]!;
    const [first, second] = subject.value as forge.asn1.Asn1[];
    subject.value = [{ ...first!, value: [...(first!.value as forge.asn1.Asn1[]), ...(second!.value as forge.asn1.Asn1[])] }];
    const der = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');

    expect(certificateFacts(new X509Certificate(der))).toMatchObject({ subject: 'CN=Muster GmbH\\, O=Finanzamt München+C=DE', issuer: 'CN=Test CA' });
  });
});

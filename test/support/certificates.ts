// ELSTER-like certificates made for the tests: openssl writes the current and the legacy container
// formats, node-forge one whose validity lies in the past.

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';

export const testPin = '123456';

const dir = mkdtempSync(join(tmpdir(), 'steuerbote-certificates-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

let made = false;
function make() {
  if (made) return;
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'key.pem',
    '-out',
    'cert.pem',
    '-days',
    '365',
    '-subj',
    '/CN=Muster GmbH/O=Steuerbote Test',
  );
  openssl('pkcs12', '-export', '-in', 'cert.pem', '-inkey', 'key.pem', '-out', 'modern.pfx', '-passout', `pass:${testPin}`);
  openssl('pkcs12', '-export', '-legacy', '-in', 'cert.pem', '-inkey', 'key.pem', '-out', 'legacy.pfx', '-passout', `pass:${testPin}`);
  openssl('pkcs12', '-export', '-nokeys', '-in', 'cert.pem', '-out', 'nokey.pfx', '-passout', `pass:${testPin}`);
  made = true;
}

/** A container: `modern` (PBES2, AES-256, SHA-256 MAC), `legacy` (3DES and RC2, SHA-1 MAC), or `nokey` (the certificate alone). */
export function container(kind: 'modern' | 'legacy' | 'nokey'): Buffer {
  make();
  return readFileSync(join(dir, `${kind}.pfx`));
}

/** A legacy container whose certificate is valid until `notAfter` (by default, long expired), opened with `pin`. */
export function containerValidUntil(notAfter = new Date('2025-01-01T00:00:00Z'), pin = testPin): Buffer {
  const keys = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = keys.publicKey;
  certificate.serialNumber = '01';
  certificate.validity.notBefore = new Date(notAfter.getTime() - 365 * 24 * 3600 * 1000);
  certificate.validity.notAfter = notAfter;
  const name = [{ shortName: 'CN', value: 'Abgelaufen GmbH' }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(keys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(keys.privateKey, certificate, pin, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

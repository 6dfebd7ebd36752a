// ELSTER-like certificates made for the tests: openssl writes the current and the legacy container
// formats, node-forge the ones a careful signer refuses (expired, not yet valid, a weak key, a key
// beside another's certificate, an unreadable time, names that hide characters).

import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
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
  openssl('pkcs12', '-export', '-nomac', '-in', 'cert.pem', '-inkey', 'key.pem', '-out', 'nomac.pfx', '-passout', `pass:${testPin}`);
  openssl('pkcs12', '-export', '-in', 'cert.pem', '-inkey', 'key.pem', '-out', 'umlaut.pfx', '-passout', `pass:${umlautPin}`);
  openssl('pkcs12', '-export', '-legacy', '-in', 'cert.pem', '-inkey', 'key.pem', '-out', 'umlaut-legacy.pfx', '-passout', `pass:${umlautPin}`);
  made = true;
}

/** A PIN beyond ASCII, as a German user may well choose one. */
export const umlautPin = 'Grüße-Pin9';

/**
 * A container: `modern` (PBES2, AES-256, SHA-256 MAC), `legacy` (3DES and RC2, SHA-1 MAC), `nokey`
 * (the certificate alone), `nomac` (modern, without its integrity MAC), `umlaut` and
 * `umlaut-legacy` (modern and legacy, under `umlautPin`).
 */
export function container(kind: 'modern' | 'legacy' | 'nokey' | 'nomac' | 'umlaut' | 'umlaut-legacy'): Buffer {
  make();
  return readFileSync(join(dir, `${kind}.pfx`));
}

/** A container written by OpenSSL with `iterations` in its MAC and each encryption: `modern` or `legacy`. */
export function containerOfIterations(kind: 'modern' | 'legacy', iterations: number): Buffer {
  make();
  const file = `${kind}-${iterations}.pfx`;
  const legacy = kind === 'legacy' ? ['-legacy'] : [];
  openssl('pkcs12', '-export', ...legacy, '-iter', String(iterations), '-in', 'cert.pem', '-inkey', 'key.pem', '-out', file, '-passout', `pass:${testPin}`);
  return readFileSync(join(dir, file));
}

/** The container made again with every iteration count of `where` (its MAC, or its encryptions) set to `iterations`. */
export function withIterations(bytes: Buffer, where: 'mac' | 'encryption', iterations: number): Buffer {
  const hex = iterations.toString(16).padStart(2, '0');
  const digits = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const positive = digits[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), digits]) : digits;
  const integer = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.INTEGER, false, positive.toString('binary'));
  const isParams = (node: forge.asn1.Asn1) =>
    Array.isArray(node.value) && node.value[0]?.type === forge.asn1.Type.OCTETSTRING && node.value[1]?.type === forge.asn1.Type.INTEGER;
  // Octet strings long enough to be the DER of the authenticated safe and its safes are opened too.
  const patch = (node: forge.asn1.Asn1): forge.asn1.Asn1 => {
    if (node.type === forge.asn1.Type.OCTETSTRING && typeof node.value === 'string' && node.value.length > 300) {
      try {
        const inner = forge.asn1.fromDer(node.value, true);
        return { ...node, value: forge.asn1.toDer(patch(inner)).getBytes() };
      } catch {
        return node;
      }
    }
    if (!Array.isArray(node.value)) return node;
    const value = node.value.map(patch);
    if (where === 'encryption' && isParams(node) && node.tagClass === forge.asn1.Class.UNIVERSAL) value[1] = integer;
    return { ...node, value };
  };
  const pfx = forge.asn1.fromDer(bytes.toString('binary'), true);
  const [version, authSafe, macData] = pfx.value as forge.asn1.Asn1[];
  const patched =
    where === 'mac'
      ? { ...pfx, value: [version!, authSafe!, { ...macData!, value: [...(macData!.value as forge.asn1.Asn1[]).slice(0, 2), integer] }] }
      : { ...pfx, value: [version!, patch(authSafe!), macData!] };
  return Buffer.from(forge.asn1.toDer(patched).getBytes(), 'binary');
}

/** A legacy container whose certificate is valid until `notAfter` (by default, long expired), opened with `pin`. */
export function containerValidUntil(notAfter = new Date('2025-01-01T00:00:00Z'), pin = testPin): Buffer {
  return forgeContainer({ notBefore: new Date(notAfter.getTime() - 365 * 24 * 3600 * 1000), notAfter, pin, subject: 'Abgelaufen GmbH' });
}

const rsaKey = (bits: number) =>
  forge.pki.privateKeyFromPem(generateKeyPairSync('rsa', { modulusLength: bits }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);

export interface ForgedOptions {
  notBefore?: Date;
  notAfter?: Date;
  pin?: string;
  /** The common name, a UTF8String. */
  subject?: string;
  /** An organisation as a TeletexString, its characters written as Latin-1 bytes. */
  teletexOrganisation?: string;
  bits?: number;
  /** The key beside the certificate is another's. */
  foreignKey?: boolean;
  /** notBefore written from an invalid date: no time. */
  unreadableTime?: boolean;
}

/** A legacy container (3DES, SHA-1 MAC) written by node-forge, its key made by node:crypto. */
export function forgeContainer(options: ForgedOptions = {}): Buffer {
  const key = rsaKey(options.bits ?? 2048);
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  certificate.serialNumber = '01';
  certificate.validity.notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600 * 1000);
  certificate.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const name: forge.pki.CertificateField[] = [
    { shortName: 'CN', value: options.subject ?? 'Muster GmbH', valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class },
  ];
  if (options.teletexOrganisation) name.push({ shortName: 'O', value: options.teletexOrganisation, valueTagClass: 20 as forge.asn1.Class });
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.sign(key, forge.md.sha256.create());
  if (options.unreadableTime) {
    // Set after signing, and written from the fields again rather than as signed.
    certificate.validity.notBefore = new Date(Number.NaN);
    Object.assign(certificate, { tbsCertificate: undefined });
  }
  const p12 = forge.pkcs12.toPkcs12Asn1(options.foreignKey ? rsaKey(2048) : key, certificate, options.pin ?? testPin, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

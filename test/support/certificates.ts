// ELSTER-like certificates made for the tests: openssl writes the current and the legacy container
// formats and keys on any curve, node-forge the ones a careful signer refuses (expired, not yet valid,
// a weak key, a key beside another's certificate, an unreadable time, names that hide characters or
// run long).

import { execFileSync } from 'node:child_process';
import { createHmac, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import forge from 'node-forge';
import { macParts } from '#shared/certificates/container-mac.ts';

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

/** The keys on a curve that are kept, by `containerOfCurve`'s name, with the type and size the certificate's view shows. */
export const keptCurves = [
  ['prime256v1', 'ec', 256],
  ['secp384r1', 'ec', 384],
  ['secp521r1', 'ec', 521],
  ['ed25519', 'ed25519', 256],
] as const;

/**
 * A current container written by OpenSSL whose key is on `curve` (an OpenSSL name: `prime192v1`,
 * `secp256k1`, `brainpoolP256r1`, `prime256v1`, …), or an Ed25519 key.
 */
export function containerOfCurve(curve: string): Buffer {
  make();
  const file = `${curve}.pfx`;
  const key = curve === 'ed25519' ? ['-newkey', 'ed25519'] : ['-newkey', 'ec', '-pkeyopt', `ec_paramgen_curve:${curve}`];
  openssl('req', '-x509', ...key, '-nodes', '-keyout', `${curve}.key`, '-out', `${curve}.pem`, '-days', '365', '-subj', '/CN=Muster GmbH');
  openssl('pkcs12', '-export', '-in', `${curve}.pem`, '-inkey', `${curve}.key`, '-out', file, '-passout', `pass:${testPin}`);
  return readFileSync(join(dir, file));
}

/** The test key as a PKCS#8 EncryptedPrivateKeyInfo under PKCS#12's own 3DES, as a legacy container shrouds it, and the key itself. */
export function legacyShroudedKey(iterations: number): { info: Buffer; key: Buffer } {
  make();
  const file = `key-3des-${iterations}.der`;
  openssl(
    'pkcs8',
    '-topk8',
    '-v1',
    'PBE-SHA1-3DES',
    '-iter',
    String(iterations),
    '-in',
    'key.pem',
    '-outform',
    'DER',
    '-out',
    file,
    '-passout',
    `pass:${testPin}`,
  );
  openssl('pkcs8', '-topk8', '-nocrypt', '-in', 'key.pem', '-outform', 'DER', '-out', 'key.der');
  return { info: readFileSync(join(dir, file)), key: readFileSync(join(dir, 'key.der')) };
}

/**
 * A container written by OpenSSL with `iterations` in its MAC and each encryption: `modern` or
 * `legacy`; with `certificatesInClear`, its certificates are not encrypted, its key alone is.
 */
export function containerOfIterations(kind: 'modern' | 'legacy', iterations: number, certificatesInClear = false): Buffer {
  make();
  const file = `${kind}-${iterations}${certificatesInClear ? '-clear' : ''}.pfx`;
  const options = [...(kind === 'legacy' ? ['-legacy'] : []), ...(certificatesInClear ? ['-certpbe', 'NONE'] : [])];
  openssl('pkcs12', '-export', ...options, '-iter', String(iterations), '-in', 'cert.pem', '-inkey', 'key.pem', '-out', file, '-passout', `pass:${testPin}`);
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
  /** Organisational units after the common name, each an attribute of its own. */
  subjectUnits?: string[];
  /** The issuer's organisational units after the same common name; none by default. */
  issuerUnits?: string[];
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
  const utf8 = (shortName: string, value: string): forge.pki.CertificateField => ({
    shortName,
    value,
    valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class,
  });
  const nameOf = (units: string[] = []) => {
    const name = [utf8('CN', options.subject ?? 'Muster GmbH'), ...units.map((unit) => utf8('OU', unit))];
    if (options.teletexOrganisation) name.push({ shortName: 'O', value: options.teletexOrganisation, valueTagClass: 20 as forge.asn1.Class });
    return name;
  };
  certificate.setSubject(nameOf(options.subjectUnits));
  certificate.setIssuer(nameOf(options.issuerUnits));
  certificate.sign(key, forge.md.sha256.create());
  if (options.unreadableTime) {
    // Set after signing, and written from the fields again rather than as signed.
    certificate.validity.notBefore = new Date(Number.NaN);
    Object.assign(certificate, { tbsCertificate: undefined });
  }
  const p12 = forge.pkcs12.toPkcs12Asn1(options.foreignKey ? rsaKey(2048) : key, certificate, options.pin ?? testPin, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The container with each bag of a SafeContents in the clear written `copies` times, its MAC made
 * again under `pin`: an OpenSSL container's shrouded key, so many times over.
 */
export async function withKeyCopies(bytes: Buffer, copies: number, pin = testPin): Promise<Buffer> {
  const parts = macParts(bytes);
  if ('ok' in parts) throw new Error(parts.message);
  const authSafe = forge.asn1.fromDer(Buffer.from(parts.macced).toString('binary'), true);
  for (const info of authSafe.value as forge.asn1.Asn1[]) {
    const [type, explicit] = info.value as forge.asn1.Asn1[];
    if (forge.asn1.derToOid(type!.value as string) !== forge.pki.oids.data!) continue;
    const octets = (explicit!.value as forge.asn1.Asn1[])[0]!;
    const safe = forge.asn1.fromDer(octets.value as string, true);
    safe.value = (safe.value as forge.asn1.Asn1[]).flatMap((bag) => Array.from({ length: copies }, () => bag));
    octets.value = forge.asn1.toDer(safe).getBytes();
  }
  const macced = Buffer.from(forge.asn1.toDer(authSafe).getBytes(), 'binary');
  const salt = forge.util.createBuffer(Buffer.from(parts.mac.salt).toString('binary'));
  const key = Buffer.from(forge.pkcs12.generateKey(pin, salt, 3, parts.mac.iterations, 20).getBytes(), 'binary');
  const pfx = forge.asn1.fromDer(bytes.toString('binary'), true);
  const [, contentInfo, macData] = pfx.value as forge.asn1.Asn1[];
  ((contentInfo!.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!.value = macced.toString('binary');
  const digestInfo = (macData!.value as forge.asn1.Asn1[])[0]!;
  (digestInfo.value as forge.asn1.Asn1[])[1]!.value = createHmac('sha1', key).update(macced).digest().toString('binary');
  return Buffer.from(forge.asn1.toDer(pfx).getBytes(), 'binary');
}

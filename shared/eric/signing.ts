// The certificate a transmission is signed with: the stage's own (a file, opened by path), or a
// client's, handed over unsealed for this one call. ERiC 43 and later open a client's container from
// memory; older ones only by path, so it goes to a file only this process's user can read, in a
// directory of its own that is removed as soon as ERiC has opened it.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EricCredentials } from '#shared/eric/credentials.ts';
import type { EricCalls } from '#shared/eric/library.ts';
import type { SigningCertificate, TransmitOutcome } from '#shared/ports/tax-authority.ts';

export interface Signing {
  pin: string;
  open(eric: EricCalls): Promise<{ code: number; handle: number }>;
  /** The outcome as the caller should read it: a client's certificate names its own faults. */
  named(outcome: TransmitOutcome): TransmitOutcome;
}

export const stageSigning = (credentials: EricCredentials): Signing => ({
  pin: credentials.pin,
  open: (eric) => eric.openCertificate(credentials.certificatePath),
  named: (outcome) => outcome,
});

// The operator's codes (outcomes.ts) for what is wrong with a certificate, as the client's certificate
// routes and the sandbox name it: the client, not the operator, has to act.
const clientCodes: Record<string, string> = {
  ERIC_PIN_WRONG: 'CERTIFICATE_PIN_WRONG',
  ERIC_PIN_MISSING: 'CERTIFICATE_PIN_WRONG',
  ERIC_PIN_LOCKED: 'CERTIFICATE_PIN_LOCKED',
  ERIC_CERTIFICATE_UNREADABLE: 'CERTIFICATE_INVALID',
  ERIC_CERTIFICATE_INVALID: 'CERTIFICATE_INVALID',
};

export const clientSigning = (certificate: SigningCertificate): Signing => ({
  pin: certificate.pin,
  open: (eric) => eric.openCertificateFromBytes?.(certificate.pkcs12, certificate.pin) ?? openFromFile(eric, certificate.pkcs12),
  named(outcome) {
    const code = outcome.outcome === 'failed' ? clientCodes[outcome.code] : undefined;
    if (outcome.outcome !== 'failed' || !code) return outcome;
    return { ...outcome, code, message: `The certificate ${certificate.certificate_id} cannot sign: ${outcome.message}` };
  },
});

async function openFromFile(eric: EricCalls, pkcs12: Uint8Array): Promise<{ code: number; handle: number }> {
  // mkdtemp makes the directory for this process's user alone (0700).
  const dir = await mkdtemp(join(tmpdir(), 'steuerbote-signing-'));
  try {
    const path = join(dir, 'certificate.pfx');
    await writeFile(path, pkcs12, { mode: 0o600 });
    return await eric.openCertificate(path);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

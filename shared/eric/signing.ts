// The certificate a transmission is signed with: the stage's own (a file, opened by path), or a
// client's, handed over unsealed for this one call. ERiC 43 and later open a client's container from
// memory; older ones only by path, so it goes to a private file for the moment of opening (private-file.ts).

import type { EricCredentials } from '#shared/eric/credentials.ts';
import type { EricCalls } from '#shared/eric/library.ts';
import { withPrivateFile } from '#shared/eric/private-file.ts';
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
  open: (eric) =>
    eric.openCertificateFromBytes?.(certificate.pkcs12, certificate.pin) ?? withPrivateFile(certificate.pkcs12, (path) => eric.openCertificate(path)),
  named(outcome) {
    const code = outcome.outcome === 'failed' ? clientCodes[outcome.code] : undefined;
    if (outcome.outcome !== 'failed' || !code) return outcome;
    return { ...outcome, code, message: `The certificate ${certificate.certificate_id} cannot sign: ${outcome.message}` };
  },
});

import { taxAuthorityName } from '#shared/config.ts';
import { ericTaxAuthorityFromEnv } from '#shared/eric/eric-tax-authority.ts';
import { once } from '#shared/once.ts';
import { reportStageCertificate } from '#shared/certificates/stage-certificate.ts';
import type { TaxAuthority } from '#shared/ports/tax-authority.ts';
import { sandboxTaxAuthorityFromEnv } from '#shared/sandbox/sandbox-tax-authority.ts';
import { sandboxMailbox } from '#shared/wiring/tax-mailbox.ts';

// Kept apart from adapters.ts: only the functions that transmit carry the PDF and tax-authority code.
export const taxAuthority = once((): TaxAuthority => {
  const name = taxAuthorityName();
  return name === 'sandbox' ? sandboxTaxAuthorityFromEnv(sandboxMailbox) : ericTaxAuthorityFromEnv(process.env, reportStageCertificate);
});

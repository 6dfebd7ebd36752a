import { ConfigError, taxAuthorityName } from '#shared/config.ts';
import { once } from '#shared/once.ts';
import type { TaxAuthority } from '#shared/ports.ts';
import { sandboxTaxAuthorityFromEnv } from '#shared/sandbox/sandbox-tax-authority.ts';

// Kept apart from wiring.ts: only the functions that transmit carry the PDF and tax-authority code.
export const taxAuthority = once((): TaxAuthority => {
  const name = taxAuthorityName();
  if (name === 'sandbox') return sandboxTaxAuthorityFromEnv();
  throw new ConfigError(`TAX_AUTHORITY=${name} is not available in this version; use sandbox`);
});

import { taxAuthorityName } from '#shared/config.ts';
import { ericValidatorFromEnv } from '#shared/eric/eric-tax-authority.ts';
import { once } from '#shared/once.ts';
import type { TaxAuthority } from '#shared/ports/tax-authority.ts';

/**
 * The tax authority whose own checks add to ours on `validate`: ERiC's plausibility rules. The sandbox
 * re-checks with the very rules our check has just run, so it is not asked (nor its PDF code loaded).
 */
export const authorityChecks = once((): Pick<TaxAuthority, 'validate'> | undefined => {
  return taxAuthorityName() === 'eric' ? ericValidatorFromEnv() : undefined;
});

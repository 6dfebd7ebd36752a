import { taxAuthorityName } from '#shared/config.ts';
import { once } from '#shared/once.ts';
import type { TaxAuthority } from '#shared/ports.ts';

/**
 * The tax authority whose own checks add to ours on `validate`: ERiC's plausibility rules. The sandbox
 * re-checks with the very rules our check has just run, so it is not asked (nor its PDF code loaded).
 * ERiC's modules are imported only on a stage that uses it, so the sandbox's functions do not
 * evaluate them as they start (cold start, BENCHMARKS.md "Cold starts").
 */
export const authorityChecks = once(async (): Promise<Pick<TaxAuthority, 'validate'> | undefined> => {
  if (taxAuthorityName() !== 'eric') return undefined;
  const { ericValidatorFromEnv } = await import('#shared/eric/validator.ts');
  return ericValidatorFromEnv();
});

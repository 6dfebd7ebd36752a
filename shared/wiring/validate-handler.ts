import { herstellerId } from '#shared/config.ts';
import { isError, type Kind } from '#shared/domain/ticket.ts';
import { submissionFor } from '#shared/forms/nutzdaten.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import type { TaxAuthority } from '#shared/ports.ts';
import type { Checked } from '#shared/forms/check.ts';
import { callers } from '#shared/wiring/adapters.ts';

/**
 * `POST /v2/{kind}/validate`: every check a submission gets, and nothing stored or sent. `authority`
 * is the tax authority whose own checks add to ours (ERiC's), or undefined where they would only
 * repeat them.
 */
export function validateHandler(kind: Kind, check: (input: unknown) => Checked, authority: () => Pick<TaxAuthority, 'validate'> | undefined) {
  return apiHandler(
    async (event) => {
      const checked = check(event.json);
      const { findings, datenartVersion } = checked;
      // The tax authority is asked only about data that passed ours: it would stop at the first fault we already name.
      const checker = checked.filing && authority();
      if (checked.filing && checker) {
        const options = { herstellerId: herstellerId(), createdAt: new Date() };
        findings.push(...(await checker.validate(submissionFor(checked.filing, checked.period, checked.datenartVersion, options))));
      }
      const valid = !findings.some(isError);
      return {
        status: 200,
        message: valid ? 'The submission is valid' : 'The submission has errors',
        data: { valid, datenart_version: datenartVersion ?? null, findings: findings.map((finding) => ({ severity: 'error', ...finding })) },
      };
    },
    { auth: callers, json: true },
  );
}

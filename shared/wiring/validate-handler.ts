import { herstellerId } from '#shared/config.ts';
import { boundedFindings } from '#shared/domain/finding-limits.ts';
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { submissionFor } from '#shared/forms/nutzdaten.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { TaxAuthority } from '#shared/ports.ts';
import { callers } from '#shared/wiring/adapters.ts';

/**
 * `POST /v2/{kind}/validate`: every check a submission gets, and nothing stored or sent. `authority`
 * is the tax authority whose own checks add to ours (ERiC's), or undefined where they would only
 * repeat them. `form` is the module of the route's form, imported by its function, which so carries no other.
 */
export function validateHandler(form: FormModule, authority: () => Pick<TaxAuthority, 'validate'> | undefined) {
  return apiHandler(
    async (event) => {
      const withNutzdaten = includesNutzdaten(event.queryStringParameters?.include);
      const checked = await form.check(event.json);
      const { findings, datenartVersion } = checked;
      const options = { herstellerId: herstellerId(), createdAt: new Date() };
      // The tax authority is asked only about data that passed ours: it would stop at the first fault we already name.
      const checker = checked.filing && authority();
      if (checked.filing && checker) {
        findings.push(
          ...(await checker.validate(submissionFor(checked.filing, checked.period, checked.datenartVersion, form.nutzdaten(checked.filing.body, options)))),
        );
      }
      const valid = !findings.some(isError);
      return {
        status: 200,
        message: valid ? 'The submission is valid' : 'The submission has errors',
        data: {
          valid,
          datenart_version: datenartVersion ?? null,
          findings: boundedFindings(findings).map((finding) => ({ severity: 'error', ...finding })),
          ...(withNutzdaten && valid && checked.filing && { nutzdaten: form.nutzdaten(checked.filing.body, options) }),
        },
      };
    },
    { auth: callers, json: true },
  );
}

/** `?include=nutzdaten` asks for the XML that would be sent; any other value is a mistake worth naming. */
function includesNutzdaten(include: string | undefined): boolean {
  if (include === undefined) return false;
  const unknown = include.split(',').filter((part) => part !== 'nutzdaten');
  if (unknown.length) {
    throw new HttpError(400, 'BAD_REQUEST', 'include takes only "nutzdaten"', {
      details: unknown.map((part) => ({ path: 'include', code: 'INCLUDE_UNKNOWN', message: `"${part.slice(0, 40)}" is not something validate can include` })),
    });
  }
  return true;
}

import { herstellerId } from '#shared/config.ts';
import { boundedFindings } from '#shared/domain/finding-limits.ts';
import { isError } from '#shared/domain/ticket.ts';
import type { FormValidation } from '#shared/forms/form.ts';
import { xmlDeclaredFields } from '#shared/forms/identifiers.ts';
import { transmissionFor } from '#shared/forms/nutzdaten.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import { callers } from '#shared/wiring/adapters.ts';
import { authorityChecks } from '#shared/wiring/authority-checks.ts';
import { checkContext } from '#shared/wiring/check-context.ts';
import type { CallerReads } from '#shared/wiring/submit-handler.ts';

/**
 * `POST /v2/{kind}/validate`: every check a submission gets, and nothing stored or sent; the tax
 * authority's own checks add to ours where it has any (authorityChecks: ERiC's). `form` is what
 * validate takes of the route's form, imported by its function, which so carries no other, and
 * `reads` what its check reads of the caller's (an appeal's notice).
 */
export function validateHandler(form: FormValidation, reads?: CallerReads) {
  return apiHandler(
    async (event) => {
      const include = included(event.queryStringParameters?.include);
      const checked = await form.check(event.json, { ...checkContext(), ...reads?.(event.clientId!).context });
      const { findings, datenartVersion } = checked;
      const options = { herstellerId: herstellerId(), createdAt: new Date() };
      // The tax authority is asked only about data that passed ours: it would stop at the first fault we already name.
      const checker = checked.filing && authorityChecks();
      if (checked.filing && checker) {
        findings.push(
          ...(await checker.validate(transmissionFor(checked.filing, checked.period, checked.datenartVersion, form.nutzdaten(checked.filing.body, options)))),
        );
      }
      const valid = !findings.some(isError);
      const readBack = include.has('body') && valid ? await readBackOf(form, checked.filing?.body, event.json) : undefined;
      return {
        status: 200,
        message: valid ? 'The submission is valid' : 'The submission has errors',
        data: {
          valid,
          datenart_version: datenartVersion ?? null,
          findings: boundedFindings(findings).map((finding) => ({ severity: 'error', ...finding })),
          ...(include.has('nutzdaten') && valid && checked.filing && { nutzdaten: form.nutzdaten(checked.filing.body, options) }),
          ...readBack,
        },
      };
    },
    { auth: callers, json: true },
  );
}

const includable = ['nutzdaten', 'body'] as const;
type Includable = (typeof includable)[number];

/**
 * `?include=nutzdaten,body` asks for the XML that would be sent and the structured body a caller's XML
 * maps to; any other value is a mistake worth naming.
 */
function included(include: string | undefined): Set<Includable> {
  if (include === undefined) return new Set();
  const parts = include.split(',');
  const unknown = parts.filter((part) => !includable.includes(part as Includable));
  if (unknown.length) {
    throw new HttpError(400, 'BAD_REQUEST', 'include takes "nutzdaten" and "body", comma-separated', {
      details: unknown.map((part) => ({
        path: 'include',
        code: 'INCLUDE_UNKNOWN',
        message: `"${part.slice(0, 40)}" is not something validate can include here`,
      })),
    });
  }
  return new Set(parts as Includable[]);
}

/**
 * The structured body of a valid request in `xml`: the request's own fields beside the XML (`test`,
 * `certificate_id`, …) with the fields the XML maps to, which carry the identifiers the request
 * declared beside it, what they cannot carry and what the service writes itself in their place. A
 * request in structured fields has no body to read back.
 */
async function readBackOf(form: FormValidation, body: object | undefined, request: unknown) {
  if (!body || !('xml' in body) || typeof body.xml !== 'string') return undefined;
  const { body: fields, unmapped, replaced } = await form.readBack(body.xml);
  const beside = Object.entries(request as Record<string, unknown>).filter(
    ([field]) => field !== 'xml' && !(xmlDeclaredFields as readonly string[]).includes(field),
  );
  return { body: { ...Object.fromEntries(beside), ...fields }, unmapped, replaced };
}

import { herstellerId } from '#shared/config.ts';
import { boundedFindings } from '#shared/domain/finding-limits.ts';
import { isError } from '#shared/domain/ticket.ts';
import type { Checked } from '#shared/forms/check.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { submissionFor } from '#shared/forms/nutzdaten.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { HttpError } from '#shared/http/http-error.ts';
import type { TaxAuthority } from '#shared/ports.ts';
import { callers } from '#shared/wiring/adapters.ts';

/** What validate needs of a form beyond its check: its XML writer and the read-back of a caller's XML. */
type Validated = Pick<FormModule, 'nutzdaten' | 'readBack'>;

/**
 * `POST /v2/{kind}/validate`: every check a submission gets, and nothing stored or sent. `check` is
 * the route's form's check and `form` loads that form's module, both imported by its function, which
 * so carries no other form. The module (the XML writer and reader) is loaded only when ERiC checks the
 * Nutzdaten or `include` asks for them or for the body read back: a validation of structured fields on
 * the sandbox needs neither, and so does not evaluate them as it starts (cold start, BENCHMARKS.md
 * "Cold starts"). `authority` is the tax authority whose own checks add to ours (ERiC's), or undefined
 * where they would only repeat them.
 */
export function validateHandler(
  check: (input: unknown) => Promise<Checked>,
  form: () => Promise<Validated>,
  authority: () => Promise<Pick<TaxAuthority, 'validate'> | undefined>,
) {
  return apiHandler(
    async (event) => {
      const include = included(event.queryStringParameters?.include);
      const checked = await check(event.json);
      const { findings, datenartVersion } = checked;
      const options = { herstellerId: herstellerId(), createdAt: new Date() };
      // The tax authority is asked only about data that passed ours: it would stop at the first fault we already name.
      const checker = checked.filing && (await authority());
      if (checked.filing && checker) {
        const nutzdaten = (await form()).nutzdaten(checked.filing.body, options);
        findings.push(...(await checker.validate(submissionFor(checked.filing, checked.period, checked.datenartVersion, nutzdaten))));
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
          ...(include.has('nutzdaten') && valid && checked.filing && { nutzdaten: (await form()).nutzdaten(checked.filing.body, options) }),
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
 * `certificate_id`, …) with the fields the XML maps to. A request in structured fields has no body to read back.
 */
async function readBackOf(form: () => Promise<Validated>, body: object | undefined, request: unknown) {
  if (!body || !('xml' in body) || typeof body.xml !== 'string') return undefined;
  const { body: fields, unmapped } = await (await form()).readBack(body.xml);
  const { xml: _xml, ...beside } = request as Record<string, unknown>;
  return { body: { ...beside, ...fields }, unmapped };
}

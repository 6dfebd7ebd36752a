// The body of `POST /v2/mailbox/checks`: which mailbox (a client's certificate, or none for the
// stage's own), with or without the Testmerker, which Datenarten and which days of provision.

import type { Finding } from '#shared/domain/ticket.ts';
import { certificateIdPattern } from '#shared/domain/certificate.ts';
import { HttpError } from '#shared/http/http-error.ts';

export interface CheckRequest {
  certificate_id?: string;
  test: boolean;
  datenarten?: string[];
  from?: string;
  to?: string;
}

const fields = ['certificate_id', 'test', 'datenarten', 'from', 'to'];
// ELSTER's DatenartBereitstellung names: ESB, DivaBescheidESt, EPMitteilung, …
const datenartPattern = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;
const maxDatenarten = 20;
const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string) => {
  const time = isoDay.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
  return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
};

/** The request, or 422 `VALIDATION_FAILED` naming every field that is wrong. */
export function checkRequestOf(body: Record<string, unknown>): CheckRequest {
  const findings: Finding[] = [];
  const wrong = (path: string, message: string, code = 'INVALID_VALUE') => findings.push({ path, code, message });
  for (const name of Object.keys(body)) if (!fields.includes(name)) wrong(name, `is not a field of a mailbox check (${fields.join(', ')})`, 'UNKNOWN_FIELD');
  const { certificate_id, test = true, datenarten, from, to } = body;
  if (certificate_id !== undefined && (typeof certificate_id !== 'string' || !certificateIdPattern.test(certificate_id)))
    wrong('certificate_id', 'must be a certificate ID such as crt_…, from POST /v2/certificates');
  if (typeof test !== 'boolean') wrong('test', 'must be true or false');
  if (datenarten !== undefined) {
    if (!Array.isArray(datenarten) || datenarten.length === 0 || datenarten.length > maxDatenarten)
      wrong('datenarten', `must be a list of 1 to ${maxDatenarten} ELSTER Datenarten, such as ["ESB", "DivaBescheidESt"]`);
    else
      datenarten.forEach(
        (name, index) => (typeof name === 'string' && datenartPattern.test(name)) || wrong(`datenarten[${index}]`, 'must be an ELSTER Datenart such as ESB'),
      );
  }
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || !validDay(value))) wrong(name, 'must be a day such as 2026-11-01');
  }
  if (typeof from === 'string' && typeof to === 'string' && validDay(from) && validDay(to) && from > to) wrong('to', 'must not be before from');
  if (findings.length) throw new HttpError(422, 'VALIDATION_FAILED', 'The mailbox check is not valid', { details: findings });
  return {
    test: test as boolean,
    ...(certificate_id !== undefined && { certificate_id: certificate_id as string }),
    ...(datenarten !== undefined && { datenarten: datenarten as string[] }),
    ...(from !== undefined && { from: from as string }),
    ...(to !== undefined && { to: to as string }),
  };
}

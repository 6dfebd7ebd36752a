import { readEstNutzdaten } from '#shared/forms/est/xml-reader.ts';
import { estFilingOf, estSchema, type EstRequest } from '#shared/forms/est/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import { estFindings } from '#shared/forms/est/rules.ts';
import { estLimitFindings } from '#shared/forms/est/limits.ts';
import { estYearFindings } from '#shared/forms/filing-window.ts';
import { today } from '#shared/config.ts';

function estRules(request: EstRequest): Ruled {
  const body = estFilingOf(request);
  const filing = { kind: 'est', body } as const;
  const open = estYearFindings(body.year, today());
  if (body.xml === undefined) return { filing, findings: [...open, ...estLimitFindings(body), ...estFindings(body)] };
  const read = readEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { filing, findings: [...open, ...read.findings] };
  return { filing, findings: [...open, ...taxNumberAgrees(body.tax_number, read.taxNumber, 'xml.Vorsatz.StNr')] };
}

const est: Form<EstRequest> = { kind: 'est', schema: estSchema, rules: estRules };

export const checkEst = (input: unknown) => checkForm(est, input);

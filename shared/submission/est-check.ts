import { readEstNutzdaten } from '#shared/elster/est-read.ts';
import { estSchema, type EstRequest } from '#shared/schemas/est.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/submission/check.ts';
import { estFindings, type EstReturn } from '#shared/tax/est-rules.ts';

function estRules(body: EstRequest): Ruled {
  if (body.xml === undefined) return { body, findings: estFindings(body as EstReturn) };
  const read = readEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { body, findings: read.findings };
  return { body, findings: taxNumberAgrees(body.tax_number, read.taxNumber, 'xml.Vorsatz.StNr') };
}

const est: Form<EstRequest> = { kind: 'est', schema: estSchema, rules: estRules };

export const checkEst = (input: unknown) => checkForm(est, input);

import { readEstNutzdaten } from '#shared/forms/est/xml-reader.ts';
import { estSchema, type EstRequest } from '#shared/forms/est/schema.ts';
import { checkForm, taxNumberAgrees, type Form, type Ruled } from '#shared/forms/check.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { estFindings } from '#shared/forms/est/rules.ts';

function estRules(body: EstRequest): Ruled {
  if (body.xml === undefined) return { body, findings: estFindings(body as EstReturn) };
  const read = readEstNutzdaten(body.xml, body.year);
  if (!read.ok) return { body, findings: read.findings };
  return { body, findings: taxNumberAgrees(body.tax_number, read.taxNumber, 'xml.Vorsatz.StNr') };
}

const est: Form<EstRequest> = { kind: 'est', schema: estSchema, rules: estRules };

export const checkEst = (input: unknown) => checkForm(est, input);

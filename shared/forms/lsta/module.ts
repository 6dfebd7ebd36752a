// The Lohnsteuer-Anmeldung as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkLsta } from '#shared/forms/lsta/check.ts';
import { lstaFacts } from '#shared/forms/lsta/facts.ts';
import { lstaIdentifiers } from '#shared/forms/lsta/identifiers.ts';
import { lstaProtocolTitle, lstaRows } from '#shared/forms/lsta/protocol-rows.ts';
import { lstaFindings } from '#shared/forms/lsta/rules.ts';
import { lstaFilingOf, lstaSchema, type LstaFiling } from '#shared/forms/lsta/schema.ts';
import { lstaElementOf, readLstaBack, readLstaNutzdaten } from '#shared/forms/lsta/xml-reader.ts';
import { lstaNutzdaten } from '#shared/forms/lsta/xml-writer.ts';
import { partiesXml } from '#shared/forms/parties.ts';
import { taxNumberProblem } from '#shared/tax/tax-number.ts';

export const formModule: FormModule<'lsta'> = {
  facts: lstaFacts,
  identifiers: lstaIdentifiers,
  check: checkLsta,
  readStored: readStoredBy(lstaSchema, lstaFilingOf),
  nutzdaten,
  readBack: readLstaBack,
  async recheck(xml, year, period) {
    const read = await readLstaNutzdaten(xml, year);
    const title = lstaProtocolTitle(year, period);
    if (!read.ok) return { findings: read.findings, title, section: 'Kennzahlen', figures: [] };
    // What is due when is the service's concern, not the tax office's: only the form's own rules here.
    const ruled = lstaFindings(read.figures).filter(isError);
    const taxNumber = taxNumberProblem(read.figures.taxNumber);
    if (taxNumber) ruled.push({ path: 'tax_number', ...taxNumber });
    return {
      findings: ruled.map((finding) => ({ ...finding, path: lstaElementOf(finding.path, year) })),
      title,
      section: 'Kennzahlen',
      figures: lstaRows(read.figures),
    };
  },
};

function nutzdaten(body: LstaFiling, options: { herstellerId: string; createdAt: Date }): string {
  if (body.xml !== undefined) return body.xml;
  return lstaNutzdaten({
    year: body.year,
    period: body.period,
    taxNumber: body.tax_number,
    kennzahlen: body.kennzahlen,
    supplier: body.supplier,
    ...(body.flags && { flags: body.flags }),
    parties: partiesXml(body),
    ...options,
  });
}

// The ZM as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { pathsSetBySelf, replacedElements } from '#shared/forms/replaced.ts';
import { checkZm } from '#shared/forms/zm/check.ts';
import { zmFacts } from '#shared/forms/zm/facts.ts';
import { zmIdentifiers } from '#shared/forms/zm/identifiers.ts';
import { zmProtocolTitle, zmRows } from '#shared/forms/zm/protocol-rows.ts';
import { zmFindings } from '#shared/forms/zm/rules.ts';
import { zmFilingOf, zmSchema, type ZmFiling } from '#shared/forms/zm/schema.ts';
import { readZmNutzdaten, zmElementOf } from '#shared/forms/zm/xml-reader.ts';
import { zmNutzdaten } from '#shared/forms/zm/xml-writer.ts';

export const formModule: FormModule<'zm'> = {
  facts: zmFacts,
  identifiers: zmIdentifiers,
  check: checkZm,
  readStored: readStoredBy(zmSchema, zmFilingOf),
  nutzdaten,
  async recheck(xml, year, period) {
    const title = zmProtocolTitle(year, period);
    const read = await readZmNutzdaten(xml);
    if (!read.ok) return { findings: read.findings, title, section: 'Meldung', figures: [] };
    const { figures } = read.read;
    // The period's calendar is the service's concern; the tax office's own rules are checked on the day the period was.
    const ruled = zmFindings(figures, `${figures.year}-12-31`).filter(isError);
    return {
      findings: [...read.findings.filter(isError), ...ruled.map((finding) => ({ ...finding, path: zmElementOf(finding.path) }))],
      title,
      section: 'Meldung',
      figures: zmRows(figures),
      // The business by name, as the ZM's address names it.
      ...(read.read.body.business.company_name !== undefined && { taxpayer: read.read.body.business.company_name }),
    };
  },
  async readBack(xml) {
    const read = await readZmNutzdaten(xml);
    if (!read.ok) throw new TypeError('readBack is asked only of Nutzdaten that passed the check');
    return { body: read.read.body, unmapped: read.read.unmapped, replaced: replacedElements(xml, admissionSetBySelf) };
  },
};

// ERiC's admission number, which every report through ERiC carries (xml-writer.ts writes it whatever the caller's XML said).
const admissionSetBySelf = pathsSetBySelf('zm/unternehmer/zulassNr/*');

function nutzdaten(body: ZmFiling): string {
  if (body.xml !== undefined) return body.xml;
  return zmNutzdaten({
    year: body.year,
    period: body.period,
    vatId: body.vat_id,
    business: body.business,
    lines: body.lines,
    ...(body.flags && { flags: body.flags }),
  });
}

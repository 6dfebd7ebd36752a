// The UStVA as generic code sees it (shared/forms/form.ts).
import * as z from 'zod/mini';
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { checkUstva } from '#shared/forms/ustva/check.ts';
import { ustvaFacts } from '#shared/forms/ustva/facts.ts';
import { ustvaIdentifiers } from '#shared/forms/ustva/identifiers.ts';
import { partiesXml, partyName } from '#shared/forms/parties.ts';
import { ustvaProtocolTitle, ustvaRows } from '#shared/forms/ustva/protocol-rows.ts';
import { ustvaFindings } from '#shared/forms/ustva/rules.ts';
import { ustvaFilingOf, ustvaSchema, type UstvaFiling } from '#shared/forms/ustva/schema.ts';
import { kz38From, specialFindings } from '#shared/forms/ustva/special-filings.ts';
import { readUstvaNutzdaten, ustvaElementOf } from '#shared/forms/ustva/xml-reader.ts';
import { ustvaNutzdaten } from '#shared/forms/ustva/xml-writer.ts';
import { requestOf, unmappedElements, versionOf } from '#shared/forms/ustva/read-back.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { anmeldungssteuernSetBySelf } from '#shared/forms/anmeldungssteuern.ts';
import { replacedElements } from '#shared/forms/replaced.ts';
import { taxNumberProblem } from '#shared/tax/tax-number.ts';

const readUstvaStored = readStoredBy(ustvaSchema, ustvaFilingOf);

export const formModule: FormModule<'ustva'> = {
  facts: ustvaFacts,
  identifiers: ustvaIdentifiers,
  check: checkUstva,
  readStored: (stored) => readUstvaStored(withoutXmlPeriod(stored)),
  nutzdaten,
  async readBack(xml) {
    const read = await readUstvaNutzdaten(xml, versionOf(xml));
    if (!read.ok) throw new TypeError('only Nutzdaten that passed the check are read back');
    const body = requestOf(read.figures);
    // Written again as a submission of the body would write them, so what they leave out is what the body cannot carry.
    const filing = ustvaFilingOf(z.parse(ustvaSchema, body));
    const rewritten = nutzdaten(filing, { herstellerId: read.figures.herstellerId ?? '', createdAt: new Date() });
    return { body, unmapped: unmappedElements(xml, rewritten), replaced: replacedElements(xml, anmeldungssteuernSetBySelf) };
  },
  async recheck(xml, year, period) {
    const read = await readUstvaNutzdaten(xml, year);
    if (!read.ok) return { findings: read.findings, title: ustvaProtocolTitle('voranmeldung', year, period), section: 'Angaben (Auszug)', figures: [] };
    const { figures } = read;
    // What is due when is the service's concern, not the tax office's: only the form's own rules here.
    const ruled = (figures.type === 'voranmeldung' ? ustvaFindings(figures) : specialFindings(figures, `${figures.year}-01-01`)).filter(isError);
    const taxNumber = taxNumberProblem(figures.taxNumber);
    if (taxNumber) ruled.push({ path: 'Steuernummer', ...taxNumber });
    return {
      findings: ruled.map((finding) => ({ ...finding, path: ustvaElementOf(finding.path) })),
      title: ustvaProtocolTitle(figures.type, year, period),
      section: figures.type === 'voranmeldung' ? 'Kennzahlen' : 'Angaben (Auszug)',
      figures: ustvaRows(figures),
      ...(figures.business && { taxpayer: partyName(figures.business) }),
    };
  },
};

// Earlier versions kept a UStVA's period beside its own XML, which carries it; the ticket has it too.
function withoutXmlPeriod(stored: unknown): unknown {
  if (typeof stored !== 'object' || stored === null || !('xml' in stored) || !('period' in stored)) return stored;
  return Object.fromEntries(Object.entries(stored).filter(([key]) => key !== 'period'));
}

function nutzdaten(body: UstvaFiling, options: { herstellerId: string; createdAt: Date }): string {
  if (body.xml !== undefined) return body.xml;
  const common = {
    year: body.year,
    taxNumber: body.tax_number,
    supplier: body.supplier,
    ...(body.flags && { flags: body.flags }),
    ...(body.widnr !== undefined && { widnr: body.widnr }),
    parties: partiesXml(body),
    ...options,
  };
  if (body.type === 'voranmeldung') return ustvaNutzdaten({ ...common, period: body.period, kennzahlen: body.kennzahlen });
  if (body.type === 'dauerfristverlaengerung') return ustvaNutzdaten({ ...common, type: body.type, kennzahlen: {} });
  const kz38 = body.kennzahlen?.kz38 ?? (body.prepayments_prior_year === undefined ? undefined : kz38From(body.prepayments_prior_year));
  return ustvaNutzdaten({ ...common, type: body.type, kennzahlen: kz38 === undefined ? {} : { kz38 } });
}

// The annual VAT return as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkUst, e50Findings } from '#shared/forms/ust/check.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustProtocolTitle, ustRows } from '#shared/forms/ust/protocol-rows.ts';
import { ustFilingOf, ustSchema } from '#shared/forms/ust/schema.ts';
import { readUstBack } from '#shared/forms/ust/xml-reader.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

export const formModule: FormModule<'ust'> = {
  facts: ustFacts,
  identifiers: ustIdentifiers,
  check: checkUst,
  readStored: readStoredBy(ustSchema, ustFilingOf),
  nutzdaten: (body, options) => body.xml ?? ustXml(body, options.createdAt).xml,
  readBack: readUstBack,
  async recheck(xml, year) {
    const { findings, fields } = e50Findings(xml, year, elementPath);
    // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
    return {
      findings: findings.filter(isError),
      title: ustProtocolTitle(year),
      section: 'Berechnung der Umsatzsteuer',
      figures: fields ? ustRows(fields) : [],
    };
  },
};

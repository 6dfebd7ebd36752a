// The annual VAT return as generic code sees it (shared/forms/form.ts).
import { elementModule } from '#shared/forms/element-module.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkUst, e50Findings } from '#shared/forms/ust/check.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustProtocolTitle, ustRows } from '#shared/forms/ust/protocol-rows.ts';
import { ustFilingOf, ustSchema } from '#shared/forms/ust/schema.ts';
import { readUstBack } from '#shared/forms/ust/xml-reader.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';

export const formModule = elementModule<'ust'>({
  facts: ustFacts,
  identifiers: ustIdentifiers,
  check: checkUst,
  readStored: readStoredBy(ustSchema, ustFilingOf),
  write: ustXml,
  readBack: readUstBack,
  protocol(xml, year, path) {
    const { findings, fields } = e50Findings(xml, year, path);
    return {
      findings,
      title: ustProtocolTitle(year),
      section: 'Berechnung der Umsatzsteuer',
      figures: fields ? ustRows(fields) : [],
    };
  },
});

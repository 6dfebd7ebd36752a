// The annual VAT return as generic code sees it (shared/forms/form.ts).
import { elementModule } from '#shared/forms/element-module.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkUst, e50Findings } from '#shared/forms/ust/check.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustBusinessField, ustProtocolTitle, ustRows } from '#shared/forms/ust/protocol-rows.ts';
import { ustFilingOf, ustSchema } from '#shared/forms/ust/schema.ts';
import { readUstBack } from '#shared/forms/ust/xml-reader.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';

export const formModule = elementModule({
  facts: ustFacts,
  identifiers: ustIdentifiers,
  check: checkUst,
  readStored: readStoredBy(ustSchema, ustFilingOf),
  write: ustXml,
  readBack: readUstBack,
  protocol: {
    read: e50Findings,
    title: ustProtocolTitle,
    section: 'Berechnung der Umsatzsteuer',
    figures: ({ fields }) => (fields ? ustRows(fields) : []),
    taxpayer: ({ fields }) => fields?.get(ustBusinessField)?.text,
  },
});

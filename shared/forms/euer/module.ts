// The Anlage EÜR as generic code sees it (shared/forms/form.ts).
import { elementModule } from '#shared/forms/element-module.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkEuer, e77Findings } from '#shared/forms/euer/check.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { euerIdentifiers } from '#shared/forms/euer/identifiers.ts';
import { euerProtocolTitle, euerRows, euerTaxpayer } from '#shared/forms/euer/protocol-rows.ts';
import { euerFilingOf, euerSchema } from '#shared/forms/euer/schema.ts';
import { readEuerBack } from '#shared/forms/euer/xml-reader.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';

export const formModule = elementModule({
  facts: euerFacts,
  identifiers: euerIdentifiers,
  check: checkEuer,
  readStored: readStoredBy(euerSchema, euerFilingOf),
  write: euerXml,
  readBack: readEuerBack,
  protocol: {
    read: e77Findings,
    title: euerProtocolTitle,
    section: 'Gewinnermittlung',
    figures: ({ amounts }) => (amounts ? euerRows(amounts) : []),
    taxpayer: ({ tree }) => tree && euerTaxpayer(tree),
  },
});

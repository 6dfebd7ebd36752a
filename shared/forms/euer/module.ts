// The Anlage EÜR as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { checkEuer, e77Findings } from '#shared/forms/euer/check.ts';
import { euerFacts } from '#shared/forms/euer/facts.ts';
import { euerIdentifiers } from '#shared/forms/euer/identifiers.ts';
import { euerProtocolTitle, euerRows, euerTaxpayer } from '#shared/forms/euer/protocol-rows.ts';
import { euerFilingOf, euerSchema } from '#shared/forms/euer/schema.ts';
import { readEuerBack } from '#shared/forms/euer/xml-reader.ts';
import { euerXml } from '#shared/forms/euer/xml-writer.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

export const formModule: FormModule<'euer'> = {
  facts: euerFacts,
  identifiers: euerIdentifiers,
  check: checkEuer,
  readStored: readStoredBy(euerSchema, euerFilingOf),
  nutzdaten: (body, options) => body.xml ?? euerXml(body, options.createdAt).xml,
  readBack: readEuerBack,
  async recheck(xml, year) {
    const { findings, tree, amounts } = e77Findings(xml, year, elementPath);
    const taxpayer = tree && euerTaxpayer(tree);
    // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
    return {
      findings: findings.filter(isError),
      title: euerProtocolTitle(year),
      section: 'Gewinnermittlung',
      figures: amounts ? euerRows(amounts) : [],
      ...(taxpayer !== undefined && { taxpayer }),
    };
  },
};

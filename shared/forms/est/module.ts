// The income tax return as generic code sees it (shared/forms/form.ts).
import type { FormModule } from '#shared/forms/form.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';
import { estFacts } from '#shared/forms/est/facts.ts';
import { estIdentifiers } from '#shared/forms/est/identifiers.ts';
import { estFilingOf, estSchema } from '#shared/forms/est/schema.ts';
import { readEstNutzdaten } from '#shared/forms/est/xml-reader.ts';
import { validation } from '#shared/forms/est/validation.ts';

export const formModule: FormModule<'est'> = {
  facts: estFacts,
  identifiers: estIdentifiers,
  ...validation,
  readStored: readStoredBy(estSchema, estFilingOf),
  async recheck(xml, year) {
    const read = await readEstNutzdaten(xml, year);
    return {
      findings: read.ok ? [] : read.findings,
      title: `Einkommensteuererklärung ${year}`,
      section: 'Angaben (Auszug)',
      figures: read.ok ? read.figures : [],
      ...(read.ok && read.taxpayer !== undefined && { taxpayer: read.taxpayer }),
    };
  },
};

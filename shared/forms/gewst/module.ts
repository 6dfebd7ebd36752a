// The trade tax return as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { checkGewst, e20Findings } from '#shared/forms/gewst/check.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { gewstIdentifiers } from '#shared/forms/gewst/identifiers.ts';
import { gewstProtocolTitle, gewstRows } from '#shared/forms/gewst/protocol-rows.ts';
import { gewstFilingOf, gewstSchema } from '#shared/forms/gewst/schema.ts';
import { readGewstBack } from '#shared/forms/gewst/xml-reader.ts';
import { gewstXml } from '#shared/forms/gewst/xml-writer.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

export const formModule: FormModule<'gewst'> = {
  facts: gewstFacts,
  identifiers: gewstIdentifiers,
  check: checkGewst,
  readStored: readStoredBy(gewstSchema, gewstFilingOf),
  nutzdaten: (body, options) => body.xml ?? gewstXml(body, options.createdAt).xml,
  readBack: readGewstBack,
  async recheck(xml, year) {
    const { findings, fields } = e20Findings(xml, year, elementPath);
    // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
    return {
      findings: findings.filter(isError),
      title: gewstProtocolTitle(year),
      section: 'Gewerbeertrag',
      figures: fields ? gewstRows(fields) : [],
    };
  },
};

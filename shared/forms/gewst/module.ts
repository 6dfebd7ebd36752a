// The trade tax return as generic code sees it (shared/forms/form.ts).
import { elementModule } from '#shared/forms/element-module.ts';
import { checkGewst, e20Findings } from '#shared/forms/gewst/check.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { gewstIdentifiers } from '#shared/forms/gewst/identifiers.ts';
import { gewstProtocolTitle, gewstRows } from '#shared/forms/gewst/protocol-rows.ts';
import { gewstFilingOf, gewstSchema } from '#shared/forms/gewst/schema.ts';
import { readGewstBack } from '#shared/forms/gewst/xml-reader.ts';
import { gewstXml } from '#shared/forms/gewst/xml-writer.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';

export const formModule = elementModule({
  facts: gewstFacts,
  identifiers: gewstIdentifiers,
  check: checkGewst,
  readStored: readStoredBy(gewstSchema, gewstFilingOf),
  write: gewstXml,
  readBack: readGewstBack,
  protocol: { read: e20Findings, title: gewstProtocolTitle, section: 'Gewerbeertrag', figures: ({ fields }) => (fields ? gewstRows(fields) : []) },
});

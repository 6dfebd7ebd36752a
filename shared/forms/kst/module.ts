// The corporate income tax return as generic code sees it (shared/forms/form.ts).
import { fieldsOf } from '#shared/forms/element-body.ts';
import { elementModule } from '#shared/forms/element-module.ts';
import { checkKst, e30Findings } from '#shared/forms/kst/check.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';
import { kstIdentifiers } from '#shared/forms/kst/identifiers.ts';
import { kstProtocolTitle, kstRows } from '#shared/forms/kst/protocol-rows.ts';
import { kstFilingOf, kstSchema } from '#shared/forms/kst/schema.ts';
import { readKstBack } from '#shared/forms/kst/xml-reader.ts';
import { kstXml } from '#shared/forms/kst/xml-writer.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';

export const formModule = elementModule({
  facts: kstFacts,
  identifiers: kstIdentifiers,
  check: checkKst,
  readStored: readStoredBy(kstSchema, kstFilingOf),
  write: kstXml,
  readBack: readKstBack,
  protocol: {
    read: e30Findings,
    title: kstProtocolTitle,
    section: 'Ermittlung des zu versteuernden Einkommens',
    figures: ({ tree }) => (tree ? kstRows(fieldsOf(tree)) : []),
  },
});

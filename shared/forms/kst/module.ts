// The corporate income tax return as generic code sees it (shared/forms/form.ts).
import { isError } from '#shared/domain/ticket.ts';
import { fieldsOf } from '#shared/forms/element-body.ts';
import type { FormModule } from '#shared/forms/form.ts';
import { checkKst, e30Findings } from '#shared/forms/kst/check.ts';
import { kstFacts } from '#shared/forms/kst/facts.ts';
import { kstIdentifiers } from '#shared/forms/kst/identifiers.ts';
import { kstProtocolTitle, kstRows } from '#shared/forms/kst/protocol-rows.ts';
import { kstFilingOf, kstSchema } from '#shared/forms/kst/schema.ts';
import { readKstBack } from '#shared/forms/kst/xml-reader.ts';
import { kstXml } from '#shared/forms/kst/xml-writer.ts';
import { readStoredBy } from '#shared/forms/read-stored.ts';

/** ELSTER's element path, as ERiC names a field it refuses. */
const elementPath = (names: readonly string[]) => names.join('/');

export const formModule: FormModule<'kst'> = {
  facts: kstFacts,
  identifiers: kstIdentifiers,
  check: checkKst,
  readStored: readStoredBy(kstSchema, kstFilingOf),
  nutzdaten: (body, options) => body.xml ?? kstXml(body, options.createdAt).xml,
  readBack: readKstBack,
  async recheck(xml, year) {
    const { findings, tree } = e30Findings(xml, year, elementPath);
    // What is due when is the service's concern, not the tax office's: only the form's own rules here, and its errors.
    return {
      findings: findings.filter(isError),
      title: kstProtocolTitle(year),
      section: 'Ermittlung des zu versteuernden Einkommens',
      figures: tree ? kstRows(fieldsOf(tree)) : [],
    };
  },
};

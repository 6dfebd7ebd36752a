import { gewstRuleBook } from '#shared/forms/gewst/eric-rules.ts';
import { gewstFacts } from '#shared/forms/gewst/facts.ts';
import { gewstIdentifiers } from '#shared/forms/gewst/identifiers.ts';
import { gewstFilingOf, gewstSchema, type GewstFiling, type GewstRequest } from '#shared/forms/gewst/schema.ts';
import { e20 } from '#shared/forms/gewst/xml-reader.ts';
import { gewstXml } from '#shared/forms/gewst/xml-writer.ts';
import { yearEndCheck, type YearEndForm } from '#shared/forms/year-end-check.ts';

/**
 * The trade tax return as a year-end form (shared/forms/year-end-check.ts): E20 of the year's
 * schema, ERiC's rules of its workbook (the legal form and what it may fill, the sums of the
 * Hinzurechnungen and Kürzungen and their lines, the municipalities, the Anlagen…), its identifiers.
 */
const gewst: YearEndForm<GewstRequest, GewstFiling> = {
  kind: 'gewst',
  facts: gewstFacts,
  element: e20,
  rules: gewstRuleBook,
  identifiers: gewstIdentifiers,
  filingOf: gewstFilingOf,
  xmlOf: gewstXml,
};

/** What ELSTER would find in an E20 element (the structure of the year's schema, then ERiC's rules), and the form's check. */
export const { findings: e20Findings, form, check: checkGewst } = yearEndCheck(gewst, gewstSchema);

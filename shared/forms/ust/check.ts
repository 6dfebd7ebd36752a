import { ustRuleBook } from '#shared/forms/ust/eric-rules.ts';
import { ustFacts } from '#shared/forms/ust/facts.ts';
import { ustIdentifiers } from '#shared/forms/ust/identifiers.ts';
import { ustFilingOf, ustSchema, type UstFiling, type UstRequest } from '#shared/forms/ust/schema.ts';
import { e50 } from '#shared/forms/ust/xml-reader.ts';
import { ustXml } from '#shared/forms/ust/xml-writer.ts';
import { yearEndCheck, type YearEndForm } from '#shared/forms/year-end-check.ts';

/**
 * The annual VAT return as a year-end form (shared/forms/year-end-check.ts): E50 of the year's
 * schema, ERiC's rules of its workbook (the taxes computed from each base and rate, the sums, the
 * amount left after the prepayments…), its identifiers.
 */
const ust: YearEndForm<UstRequest, UstFiling> = {
  kind: 'ust',
  facts: ustFacts,
  element: e50,
  rules: ustRuleBook,
  identifiers: ustIdentifiers,
  filingOf: ustFilingOf,
  xmlOf: ustXml,
};

/** What ELSTER would find in an E50 element (the structure of the year's schema, then ERiC's rules), and the form's check. */
export const { findings: e50Findings, form, check: checkUst } = yearEndCheck(ust, ustSchema);

// The table of a form whose ERiC rules are applied from its workbook (shared/forms/workbook-rules.ts):
// per year and Fehler rule, a document the rule refuses and one it accepts (the form's
// eric-rule-cases.json, written by scripts/structure/rule-cases.ts), each checked against the whole
// rule book of its year, so a rule that fires where it should not shows too.
import { documentOf, type RuleCase } from '../../scripts/structure/rule-cases.ts';
import { type RuleBook, workbookRuleFindings } from '#shared/forms/workbook-rules.ts';
import type { CompactStructure } from '#shared/xml/structure.ts';

export interface RuleCaseRow extends RuleCase {
  year: number;
  rule: string;
}

/** Every year's rows of `cases`. */
export const ruleCaseRows = (cases: unknown, years: readonly number[]): RuleCaseRow[] =>
  years.flatMap((year) =>
    Object.entries((cases as Record<string, Record<string, RuleCase>>)[year] ?? {}).map(([rule, { refused, accepted }]) => ({ year, rule, refused, accepted })),
  );

/** The Fehler rules of a year's whole book that refuse `document`. */
export const refusingRules = (book: RuleBook, structure: CompactStructure, year: number, document: RuleCase['refused']) =>
  workbookRuleFindings(book, documentOf(structure.root, document), year, structure, (names) => names.join('/'))
    .filter(({ severity }) => severity !== 'hint')
    .map(({ rule }) => rule);

/** The Fehler rules of `book` without a row in `rows` of `year`. */
export const rulesWithoutRow = (book: RuleBook, rows: readonly RuleCaseRow[], year: number) => {
  const covered = new Set(rows.filter((row) => row.year === year).map(({ rule }) => rule));
  return book.rules
    .filter(([name, kind]) => kind === 'Fehler' && !covered.has(name))
    .map(([name]) => name)
    .sort();
};

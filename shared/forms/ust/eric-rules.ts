// ERiC's plausibility rules of the annual VAT return, by year: each year's workbook
// (shared/elster/rules/Jahresdokumentation_USt_50_{year}.xml) generated into
// structure/e50-{year}-rules.json and applied by shared/forms/workbook-rules.ts.
import { ruleBook } from '#shared/forms/workbook-rules.ts';
import { newestSchemaYear } from '#shared/forms/ust/structure.ts';

/** The rules of `year`'s workbook; a year without its own takes the newest. */
export const ustRuleBook = (year: number) => ruleBook(new URL(`./structure/e50-${Math.min(year, newestSchemaYear)}-rules.json`, import.meta.url));

// ERiC's plausibility rules of the trade tax return, by year: each year's workbook
// (shared/elster/rules/Jahresdokumentation_GewSt_20_{year}.xml) generated into
// structure/e20-{year}-rules.json and applied by shared/forms/workbook-rules.ts; 2025 takes 2024's.
import { ruleBook } from '#shared/forms/workbook-rules.ts';
import { newestSchemaYear } from '#shared/forms/gewst/structure.ts';

/** The rules of `year`'s workbook; a year without its own takes the newest. */
export const gewstRuleBook = (year: number) => ruleBook(new URL(`./structure/e20-${Math.min(year, newestSchemaYear)}-rules.json`, import.meta.url));

// Which of a form's generated structure files its code reads at run time, so that a function ships
// those beside its bundle and no others: each schema's structure, and its workbook's rules where its
// check applies them (the annual returns', the letters'), not where only the tests read them.
import type { StructureSources } from '#shared/forms/form.ts';

/** The files below the form's `structure/` its code reads at run time. */
export function runTimeStructureFiles(sources: StructureSources): string[] {
  const names = 'prefix' in sources ? sources.years.map((year) => `${sources.file}-${year}`) : [sources.file];
  const rules = sources.workbook !== undefined && !sources.rulesForTestsOnly;
  return names.flatMap((name) => [`${name}.json`, ...(rules ? [`${name}-rules.json`] : [])]);
}

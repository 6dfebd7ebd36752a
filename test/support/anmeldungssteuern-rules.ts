// ERiC's rules of the Anmeldungssteuern forms (UStVA, LStA) as their workbooks list them, read from
// the rules of ELSTER's folder (test/support/elster.ts): what each form's list of rules is held to.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readWorkbook } from '../../scripts/workbook/read-workbook.ts';
import { elsterDir } from '#test/support/elster.ts';

const sheet = 'Anmeldungssteuern - Regeln';

/**
 * Context (its last step, the root for none), name and kind of every rule on the rules sheet of
 * `form`'s workbook of `year`, in its order; a changed rule's previous version ("(alt)") left out.
 */
export function anmeldungssteuernRules(form: 'UStVA' | 'LStA', year: number): string[] {
  const file = `Jahresdokumentation_${form}_${year}.xml`;
  const [header, ...rows] = readWorkbook(readFileSync(join(elsterDir, 'rules', file), 'utf8')).get(sheet) ?? [];
  const [context, name, kind] = ['Kontext', 'Name', 'Regelart'].map((title) => {
    const column = header?.indexOf(title) ?? -1;
    if (column === -1) throw new Error(`${file}: "${sheet}" has no column ${title}`);
    return column;
  });
  return rows.flatMap((row) => {
    const [at = '', rule = '', ruleKind = ''] = [row[context!], row[name!], row[kind!]];
    return rule.endsWith('(alt)') ? [] : [`${at.split('/').at(-1) || 'Anmeldungssteuern'} ${rule} ${ruleKind}`];
  });
}

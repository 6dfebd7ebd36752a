// Reads the rule sheets of one of ERiC's plausibility workbooks (Excel 2003 XML, shared/elster/rules/):
// each row's cells as text, in order. Only what the generators need: the workbooks use plain rows
// of string cells, one per column.
const entities: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decode = (text: string) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => entities[name]!);

/** The rows of the sheet `name`, each as its cells' text; none when the workbook has no such sheet. */
export function sheetRows(workbook: string, name: string): string[][] {
  const start = workbook.indexOf(`<Worksheet ss:Name="${name}"`);
  if (start === -1) return [];
  const sheet = workbook.slice(start, workbook.indexOf('</Worksheet>', start));
  return [...sheet.matchAll(/<Row[^>]*>([\s\S]*?)<\/Row>/g)].map(([, row]) =>
    [...row!.matchAll(/<Cell[^>]*>([\s\S]*?)<\/Cell>/g)].map(([, cell]) => decode(cell!)),
  );
}

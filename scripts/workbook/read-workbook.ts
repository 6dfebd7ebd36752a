// Reads one of ERiC's plausibility workbooks (shared/elster/rules/*.xml, Excel's XML Spreadsheet 2003)
// into its sheets' rows of cell texts: the one reader of them, for the structure generator and for
// the tests that hold the forms' rule lists to the workbooks. saxes, a strict parser, reads the XML;
// what SpreadsheetML says of the layout is kept, so that a cell stays in its column: a row or cell
// with ss:Index skips to that row or column, a cell with ss:MergeAcross covers the columns after it.
import { SaxesParser, type SaxesAttributeNS, type SaxesTagNS } from 'saxes';

const spreadsheet = 'urn:schemas-microsoft-com:office:spreadsheet';

/**
 * A workbook's sheets by name. Each sheet is its rows, from the first (index 0); each row its cells'
 * text by column, from the first: a cell's Data as text (formatting inside it, like bold, dropped;
 * entities and character references resolved), '' for a cell without Data, one skipped by ss:Index
 * or covered by a merged cell. A row holds its cells up to the last written, a skipped row none.
 */
export type Workbook = ReadonlyMap<string, string[][]>;

/** Reads `xml`, a SpreadsheetML workbook; throws, naming the line, where it is not well-formed or its rows and cells are out of order. */
export function readWorkbook(xml: string): Workbook {
  const sheets = new Map<string, string[][]>();
  const parser = new SaxesParser({ xmlns: true });
  const open: SaxesTagNS[] = [];
  // The sheet, row, cell and Data being read, each with the tag that opened it.
  let sheet: { tag: SaxesTagNS; rows: string[][] } | undefined;
  let row: { tag: SaxesTagNS; cells: string[] } | undefined;
  let cell: { tag: SaxesTagNS; column: number; across: number } | undefined;
  let data: SaxesTagNS | undefined;
  const fail = (message: string): never => {
    throw new Error(`line ${parser.line}: ${message}`);
  };
  const attribute = (tag: SaxesTagNS, name: string) =>
    Object.values(tag.attributes as Record<string, SaxesAttributeNS>).find(({ uri, local }) => uri === spreadsheet && local === name)?.value;
  /** The number ss:`name` says (1 for the first row or column), or undefined where the tag has none. */
  const number = (tag: SaxesTagNS, name: string) => {
    const value = attribute(tag, name);
    if (value !== undefined && !/^[0-9]+$/.test(value)) fail(`ss:${name}="${value}" is no number`);
    return value === undefined ? undefined : Number(value);
  };
  /** The 0-based place ss:Index gives, or the next after `written`; never one already written. */
  const place = (tag: SaxesTagNS, written: number, what: string) => {
    const index = number(tag, 'Index') ?? written + 1;
    if (index <= written) fail(`ss:Index="${index}" names ${what} ${index}, which is behind ${what} ${written + 1}`);
    return index - 1;
  };

  parser.on('opentag', (tag) => {
    const parent = open.at(-1);
    open.push(tag);
    if (data || tag.uri !== spreadsheet) return;
    if (tag.local === 'Worksheet' && parent?.local === 'Workbook' && parent.uri === spreadsheet) {
      const name = attribute(tag, 'Name') ?? fail('a Worksheet without ss:Name');
      if (sheets.has(name)) fail(`a second sheet "${name}"`);
      sheet = { tag, rows: [] };
      sheets.set(name, sheet.rows);
    } else if (tag.local === 'Row' && sheet && parent?.local === 'Table' && open.at(-3) === sheet.tag) {
      const rows = sheet.rows;
      const index = place(tag, rows.length, 'row');
      while (rows.length < index) rows.push([]);
      row = { tag, cells: [] };
      rows.push(row.cells);
    } else if (tag.local === 'Cell' && row && parent === row.tag) {
      const cells = row.cells;
      const column = place(tag, cells.length, 'column');
      while (cells.length < column) cells.push('');
      cell = { tag, column, across: number(tag, 'MergeAcross') ?? 0 };
      cells.push('');
    } else if (tag.local === 'Data' && cell && parent === cell.tag) data = tag;
  });
  const text = (text: string) => {
    if (data) row!.cells[cell!.column] += text;
  };
  parser.on('text', text);
  parser.on('cdata', text);
  parser.on('closetag', () => {
    const tag = open.pop();
    if (tag === data) data = undefined;
    else if (cell && tag === cell.tag) {
      for (let covered = 0; covered < cell.across; covered++) row!.cells.push('');
      cell = undefined;
    } else if (tag === row?.tag) row = undefined;
    else if (tag === sheet?.tag) sheet = undefined;
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    throw new Error(`not a workbook: ${(error as Error).message}`, { cause: error });
  }
  if (sheets.size === 0) throw new Error('not a workbook: no Worksheet with ss:Name in a Workbook');
  return sheets;
}

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { elsterDir, elsterMissing, needsElster } from '#test/support/elster.ts';
import { readWorkbook } from './read-workbook.ts';

/** A workbook of `sheets`, each a worksheet's inner XML, as Excel writes it. */
const workbook = (...sheets: string[]) =>
  `<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n` +
  `<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">` +
  `<Styles><Style ss:ID="Default"/></Styles>${sheets.join('')}</Workbook>`;
const sheet = (name: string, rows: string) => `<Worksheet ss:Name="${name}"><Table><Column ss:Width="100"/>${rows}</Table></Worksheet>`;
const cell = (text: string, attributes = '') => `<Cell${attributes}><ss:Data ss:Type="String">${text}</ss:Data></Cell>`;

describe('readWorkbook', () => {
  it('reads every sheet by its name, each row its cells in order', () => {
    const book = readWorkbook(
      workbook(sheet('A - Regeln', `<Row>${cell('Kontext')}${cell('Name')}</Row><Row>${cell('')}${cell('R1')}</Row>`), sheet('B', `<Row>${cell('x')}</Row>`)),
    );
    expect([...book.keys()]).toEqual(['A - Regeln', 'B']);
    expect(book.get('A - Regeln')).toEqual([
      ['Kontext', 'Name'],
      ['', 'R1'],
    ]);
    expect(book.get('B')).toEqual([['x']]);
  });

  it('puts a cell with ss:Index in the column it names, the skipped ones empty', () => {
    const rows = readWorkbook(workbook(sheet('S', `<Row>${cell('a', ' ss:Index="3"')}${cell('b')}${cell('c', ' ss:Index="6"')}</Row>`))).get('S');
    expect(rows).toEqual([['', '', 'a', 'b', '', 'c']]);
  });

  it('puts a row with ss:Index at the row it names, the skipped ones empty', () => {
    const rows = readWorkbook(workbook(sheet('S', `<Row>${cell('1')}</Row><Row ss:Index="4">${cell('4')}</Row><Row>${cell('5')}</Row>`))).get('S');
    expect(rows).toEqual([['1'], [], [], ['4'], ['5']]);
  });

  it('lets a merged cell cover the columns after it, so the next cell follows them', () => {
    const rows = readWorkbook(workbook(sheet('S', `<Row>${cell('wide', ' ss:MergeAcross="2"')}${cell('next')}</Row>`))).get('S');
    expect(rows).toEqual([['wide', '', '', 'next']]);
  });

  it('reads an empty cell, an empty Data and an empty row as empty', () => {
    const rows = readWorkbook(
      workbook(sheet('S', `<Row><Cell ss:StyleID="s1"/><Cell><ss:Data ss:Type="String"></ss:Data></Cell>${cell('x')}</Row><Row/><Row>${cell('y')}</Row>`)),
    ).get('S');
    expect(rows).toEqual([['', '', 'x'], [], ['y']]);
  });

  it('resolves entities and character references, and keeps the text of formatting inside Data', () => {
    const formatted = '<Cell><ss:Data ss:Type="String" xmlns="http://www.w3.org/TR/REC-html40">Zeile 3<B>8</B> &amp; <S>alt</S>&#10;neu</ss:Data></Cell>';
    const rows = readWorkbook(workbook(sheet('S', `<Row>${cell('a &lt; b &quot;c&quot; &apos;d&apos; &#x41;')}${formatted}</Row>`))).get('S');
    expect(rows).toEqual([[`a < b "c" 'd' A`, 'Zeile 38 & alt\nneu']]);
  });

  it("reads a cell's Data alone, not its comment, and an unprefixed Data of the default namespace", () => {
    const commented = '<Cell><Data ss:Type="Number">42</Data><Comment><ss:Data>a note</ss:Data></Comment></Cell>';
    expect(readWorkbook(workbook(sheet('S', `<Row>${commented}</Row>`))).get('S')).toEqual([['42']]);
  });

  it('knows SpreadsheetML by its namespace, whatever the prefix', () => {
    const xml =
      '<w:Workbook xmlns:w="urn:schemas-microsoft-com:office:spreadsheet"><w:Worksheet w:Name="S"><w:Table><w:Row>' +
      '<w:Cell w:Index="2"><w:Data>b</w:Data></w:Cell></w:Row></w:Table></w:Worksheet></w:Workbook>';
    expect(readWorkbook(xml).get('S')).toEqual([['', 'b']]);
  });

  it.each([
    ['XML that is not well-formed', workbook(sheet('S', `<Row>${cell('a')}`)), /not a workbook: \d+:\d+: /],
    ['an entity XML does not define', workbook(sheet('S', `<Row>${cell('&nbsp;')}</Row>`)), /not a workbook: \d+:\d+: undefined entity/],
    [
      'a cell ss:Index puts behind one written',
      workbook(sheet('S', `<Row>${cell('a')}${cell('b')}${cell('c', ' ss:Index="2"')}</Row>`)),
      /line \d+: ss:Index="2" names column 2, which is behind column 3/,
    ],
    ['a cell inside a merged one', workbook(sheet('S', `<Row>${cell('a', ' ss:MergeAcross="2"')}${cell('b', ' ss:Index="2"')}</Row>`)), /names column 2/],
    ['a row ss:Index puts behind one written', workbook(sheet('S', `<Row/><Row/><Row ss:Index="1"/>`)), /names row 1, which is behind row 3/],
    ['an ss:Index that is no number', workbook(sheet('S', `<Row>${cell('a', ' ss:Index="x"')}</Row>`)), /ss:Index="x" is no number/],
    ['two sheets of one name', workbook(sheet('S', ''), sheet('S', '')), /a second sheet "S"/],
    ['a sheet without a name', workbook('<Worksheet><Table/></Worksheet>'), /a Worksheet without ss:Name/],
    ['XML that is no workbook', '<html><body/></html>', /no Worksheet/],
  ])('refuses %s', (_what, xml, message) => {
    expect(() => readWorkbook(xml)).toThrow(message);
  });
});

const missing = elsterMissing('rules');

describe.skipIf(missing)("ERiC's workbooks at hand", needsElster, () => {
  const rules = join(elsterDir, 'rules');
  const files = missing ? [] : readdirSync(rules).filter((file) => file.endsWith('.xml'));
  const read = (file: string) => readWorkbook(readFileSync(join(rules, file), 'utf8'));

  it.each(files)('%s reads, no row of a sheet wider than its first and every rule sheet with its name and kind', (file) => {
    const book = read(file);
    expect(book.size).toBeGreaterThan(0);
    for (const [name, [first = [], ...rows]] of book) {
      expect(
        rows.filter((row) => row.length > first.length),
        name,
      ).toEqual([]);
      if (name.endsWith(' - Regeln')) expect(first, name).toEqual(expect.arrayContaining(['Kontext', 'Name', 'Regelart']));
    }
  });

  it("keeps each line of the 2025 UStVA's texts in the column its ss:Index names: the depth of its entry", () => {
    const texts = read('Jahresdokumentation_UStVA_2025.xml').get('Anmeldungssteuern - Texte')!;
    expect(texts[0]!.slice(0, 3)).toEqual(['', '', 'Allgemein']);
    expect(texts[0]![12]).toBe('B Allgemein');
    expect(texts[1]!.slice(3, 4)).toEqual(['Jahr']);
    expect(texts[1]![12]).toBe('FK Jahr');
  });
});

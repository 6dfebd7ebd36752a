import { describe, expect, it } from 'vitest';
import { indentXml } from './xml.ts';

describe('indentXml', () => {
  it('puts one element a line, indented by depth, keeping text and empty elements as they are', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><Anmeldungssteuern art="UStVA"><Steuerfall><Umsatzsteuervoranmeldung><Jahr>2026</Jahr><Kz09>74931</Kz09><Kz81>10000</Kz81><Leer/></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>';
    expect(indentXml(xml)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Anmeldungssteuern art="UStVA">',
        '  <Steuerfall>',
        '    <Umsatzsteuervoranmeldung>',
        '      <Jahr>2026</Jahr>',
        '      <Kz09>74931</Kz09>',
        '      <Kz81>10000</Kz81>',
        '      <Leer/>',
        '    </Umsatzsteuervoranmeldung>',
        '  </Steuerfall>',
        '</Anmeldungssteuern>',
      ].join('\n'),
    );
  });

  it('reads XML that is already indented the same way', () => {
    const once = indentXml('<a><b>1 &amp; 2</b><c><d>x y</d></c></a>');
    expect(indentXml(once)).toBe(once);
    expect(once).toContain('    <d>x y</d>');
  });
});

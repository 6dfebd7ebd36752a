import { describe, expect, it } from 'vitest';
import { pathsSetBySelf, replacedElements } from '#shared/forms/replaced.ts';

describe('replacedElements', () => {
  const xml =
    '<Anmeldungssteuern><Erstellungsdatum>20210101</Erstellungsdatum><Steuerfall><Umsatzsteuervoranmeldung><Kz09>74931</Kz09><Kz81>100</Kz81></Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>';

  it('names each element the paths cover with the value the XML had, in document order, and nothing else', () => {
    expect(replacedElements(xml, pathsSetBySelf('Anmeldungssteuern/Erstellungsdatum', 'Anmeldungssteuern/Steuerfall/*/Kz09'))).toEqual([
      { path: 'Anmeldungssteuern/Erstellungsdatum', value: '20210101' },
      { path: 'Anmeldungssteuern/Steuerfall/Umsatzsteuervoranmeldung/Kz09', value: '74931' },
    ]);
  });

  it('takes `*` for one element’s name only', () => {
    expect(replacedElements(xml, pathsSetBySelf('Anmeldungssteuern/*/Kz09'))).toEqual([]);
  });
});

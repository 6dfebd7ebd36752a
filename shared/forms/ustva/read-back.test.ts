import { describe, expect, it } from 'vitest';
import { leavesOf, unmappedElements } from '#shared/forms/ustva/read-back.ts';

const nutzdaten = (filing: string, created = '20260105') =>
  `<Anmeldungssteuern version="2026"><Erstellungsdatum>${created}</Erstellungsdatum><Steuerfall><Umsatzsteuervoranmeldung>${filing}</Umsatzsteuervoranmeldung></Steuerfall></Anmeldungssteuern>`;

describe('unmappedElements', () => {
  it('names each element written back without it or with another value, but those the service sets', () => {
    const original = nutzdaten('<Jahr>2026</Jahr><Kz09>74931</Kz09><Kz81>100</Kz81><Kz86>50</Kz86>');
    const rewritten = nutzdaten('<Jahr>2026</Jahr><Kz09>1</Kz09><Kz81>101</Kz81>', '20261126');
    expect(unmappedElements(original, rewritten)).toEqual(['Steuerfall.Umsatzsteuervoranmeldung.Kz81', 'Steuerfall.Umsatzsteuervoranmeldung.Kz86']);
    expect(unmappedElements(original, original)).toEqual([]);
  });

  it('reads every element with a value by its path, and no attribute', () => {
    expect([...leavesOf(nutzdaten('<Jahr>2026</Jahr>'))]).toEqual([
      ['Erstellungsdatum', '20260105'],
      ['Steuerfall.Umsatzsteuervoranmeldung.Jahr', '2026'],
    ]);
  });
});

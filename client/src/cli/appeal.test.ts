import { describe, expect, it } from 'vitest';
import { reasonOf } from './appeal.ts';

describe('reasonOf', () => {
  it('takes a keyword written before a colon as the Schlagwort', () => {
    expect(reasonOf('Werbungskosten: Die Fahrten zur Arbeit fehlen.')).toEqual({ schlagwort: 'Werbungskosten', text: 'Die Fahrten zur Arbeit fehlen.' });
  });

  it('gives a reason without one the Schlagwort "Begründung", and keeps a colon inside the text', () => {
    expect(reasonOf('Die Fahrten fehlen.')).toEqual({ schlagwort: 'Begründung', text: 'Die Fahrten fehlen.' });
    expect(reasonOf('Siehe Anlage:1')).toEqual({ schlagwort: 'Begründung', text: 'Siehe Anlage:1' });
    expect(reasonOf(`${'x'.repeat(100)}: zu lang`)).toEqual({ schlagwort: 'Begründung', text: `${'x'.repeat(100)}: zu lang` });
  });
});

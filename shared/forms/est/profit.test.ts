import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { profit } from '#shared/forms/est/profit.ts';
import type { EstFiling } from '#shared/forms/est/schema.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';

const fixture = (name: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures', `${name}.json`), 'utf8')).body as EstReturn;

describe('the profit of an income tax return', () => {
  // G: a business's loss of 350 and further businesses' 900; S: a profession's 12,345.67 and other activities' 800; the partnership's share not.
  const body = fixture('valid-2022-anlagen-households');

  it('adds up the own businesses of Anlage G and S of every person, without shares in partnerships', () => {
    expect(profit(body as EstFiling)).toBeCloseTo(13695.67, 2);
  });

  it('reads the same Anlagen from a caller’s E10, as written in whole euros', () => {
    const xml = estNutzdaten(body, { herstellerId: '74931', createdAt: new Date('2023-03-01T00:00:00Z') });
    expect(profit({ test: true, year: body.year, xml } as EstFiling)).toBe(13695);
  });

  it('is undefined for a return without Anlage G and S', () => {
    const { trade: _trade, self_employment: _self, ...without } = body;
    expect(profit(without as EstFiling)).toBeUndefined();
  });
});

// docs/forms/est-fields.md is what scripts/est-fields/ counts of the fields the income tax return's
// structured body reaches: a field added to the map without `npm run generate:est-fields` fails here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { estFieldsPage, pagePath, repoRoot } from '../../scripts/est-fields/page.ts';
import { fieldCounts } from '../../scripts/est-fields/count.ts';

describe('the page of the ESt fields reached', () => {
  it('is as the generator writes it: run `npm run generate:est-fields` after changing the ESt body', { timeout: 120_000 }, async () => {
    expect(readFileSync(path.join(repoRoot, pagePath), 'utf8')).toBe(await estFieldsPage());
  });

  it("counts every E-number of the year's schema once, and none the schema lacks", { timeout: 60_000 }, async () => {
    const counts = await fieldCounts(2024);
    expect(counts.reduce((sum, anlage) => sum + anlage.fields, 0)).toBe(2275);
    for (const { anlage, fields, reached } of counts) expect(reached, anlage).toBeLessThanOrEqual(fields);
    expect(counts.find(({ anlage }) => anlage === 'SA')!.reached).toBeGreaterThan(0);
  });
});

// The whole set, in the order the table prints it.

import { crash } from './crash.ts';
import { failing, rows, type Row } from './figures.ts';
import { badInput } from './fuzz.ts';
import { loadWithFaults, type LoadOptions } from './load.ts';
import { tenancy } from './tenancy.ts';

export interface Sizes {
  n: number;
  crashes: number;
  fuzz: number;
  load?: Omit<LoadOptions, 'n'>;
}

export async function runAll(sizes: Sizes): Promise<{ rows: Row[]; failing: Row[] }> {
  const all: Row[] = [
    ...rows(loadWithFaults, await loadWithFaults.run({ n: sizes.n, ...sizes.load })),
    ...rows(crash, await crash.run({ crashes: sizes.crashes })),
    ...rows(badInput, await badInput.run({ fuzz: sizes.fuzz })),
    ...rows(tenancy, await tenancy.run({ ticketsPerClient: 3 })),
  ];
  return { rows: all, failing: failing(all) };
}

// `npm run bench`: every benchmark against the local runtime on loopback, each figure against a
// baseline measured in the same run. Prints the table and writes bench/results.json.
//   npm run bench                     all sections
//   npm run bench -- --only submit,coldstart  some sections (submit, coldstart, kernels, pipeline, certificates, bodies, peak, cost)

import { cpus } from 'node:os';
import { join } from 'node:path';
import { certificates } from './certificates.ts';
import { coldStart } from './cold-start.ts';
import { costModel } from './cost-model.ts';
import { ericPeak } from './eric-peak.ts';
import { hostileBodies } from './hostile-bodies.ts';
import { kernels } from './kernels.ts';
import { pipeline } from './pipeline.ts';
import { table, writeResults } from './report.ts';
import type { Row } from './stats.ts';
import { submitOverhead } from './submit-overhead.ts';
import { unreadBodies } from './unread-bodies.ts';

const sections: Record<string, () => Promise<Row[]>> = {
  submit: submitOverhead,
  coldstart: coldStart,
  kernels,
  pipeline,
  certificates,
  bodies: async () => [...(await hostileBodies()), ...(await unreadBodies())],
  peak: ericPeak,
  cost: costModel,
};

const only = process.argv.includes('--only') ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',') : undefined;
const unknown = only?.find((name) => !sections[name]);
if (unknown !== undefined) {
  console.error(`bench: unknown section "${unknown}"; choose from ${Object.keys(sections).join(', ')}, separated by commas`);
  process.exit(2);
}

const rows: Row[] = [];
for (const [name, run] of Object.entries(sections)) {
  if (only && !only.includes(name)) continue;
  const started = Date.now();
  console.error(`bench: ${name}…`);
  rows.push(...(await run()));
  console.error(`bench: ${name} took ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

console.log(table(rows));
const file = join(import.meta.dirname, 'results.json');
await writeResults(file, rows, { node: process.version, cpus: cpus().length, cpu: cpus()[0]?.model });
console.log(`\nwritten to ${file}`);

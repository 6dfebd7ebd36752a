// `npm run test:faults [-- --n 2000 --crashes 10 --fuzz 10000]`: every fault scenario at full size,
// its figures as a table; exits 1 when a figure that must be 0 is not.

import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { n: { type: 'string', default: '2000' }, crashes: { type: 'string', default: '10' }, fuzz: { type: 'string', default: '10000' } },
});
const size = (name: keyof typeof values) => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`test:faults: --${name} must be a whole number of at least 1, got "${values[name]}"`);
    process.exit(2);
  }
  return value;
};
const sizes = { n: size('n'), crashes: size('crashes'), fuzz: size('fuzz') };

// Set before the runtime's modules load: their logger reads the level once, and a line per
// transmission would bury the table.
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';
const { runAll } = await import('./scenarios.ts');
const { table } = await import('./figures.ts');

const started = Date.now();
const result = await runAll(sizes);
console.log(table(result.rows));
console.log(
  `\n${result.failing.length ? `${result.failing.length} figure(s) not 0` : 'all must-be-zero figures are 0'} (${Math.round((Date.now() - started) / 1000)} s)`,
);
process.exit(result.failing.length ? 1 : 0);

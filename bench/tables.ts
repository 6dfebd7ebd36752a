// Writes the tables of BENCHMARKS.md from bench/results.json, one per section the run measured, so
// each table's figures are one run's, dated by it; a section the run left out keeps its table and
// date. Run after `npm run bench`:
//   node bench/tables.ts
// It changes only what stands between the two markers below in BENCHMARKS.md.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { table } from './report.ts';
import type { Row } from './stats.ts';

const begin = '<!-- tables from bench/results.json: begin -->';
const end = '<!-- tables from bench/results.json: end -->';

interface Results {
  measured_at: string;
  node: string;
  cpus: number;
  cpu?: string;
  rows: Row[];
}

/** Each section's table under its heading, which names the section, the run and the machine. */
function sectionTables(results: Results): Map<string, string> {
  const machine = `Node ${results.node}, ${results.cpus} cores${results.cpu ? ` (${results.cpu})` : ''}`;
  const sections = [...new Set(results.rows.map((row) => row.section))];
  return new Map(
    sections.map((section) => [
      section,
      `### ${section} (${results.measured_at.slice(0, 10)})\n\nOne run, ${results.measured_at}, ${machine}.\n\n${table(results.rows.filter((row) => row.section === section))}\n`,
    ]),
  );
}

const document = join(import.meta.dirname, '..', 'BENCHMARKS.md');
const text = await readFile(document, 'utf8');
const [before, rest] = text.split(begin);
const [block, after] = rest?.split(end) ?? [];
if (before === undefined || block === undefined || after === undefined) throw new Error(`BENCHMARKS.md has no "${begin}" … "${end}"`);
const kept = new Map(
  block
    .split(/^(?=### )/m)
    .filter((part) => part.startsWith('### '))
    .map((part) => [/^### (\S+)/.exec(part)![1]!, part.trimEnd() + '\n']),
);
const results = JSON.parse(await readFile(join(import.meta.dirname, 'results.json'), 'utf8')) as Results;
for (const [section, tableText] of sectionTables(results)) kept.set(section, tableText);
await writeFile(document, `${before}${begin}\n${[...kept.values()].join('\n')}${end}${after}`);
console.log(`BENCHMARKS.md: the tables of ${[...new Set(results.rows.map((row) => row.section))].join(', ')} from the run of ${results.measured_at}`);

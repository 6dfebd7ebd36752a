import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Figure, Row } from './stats.ts';

const format = (value: number) => (Math.abs(value) >= 100 ? value.toFixed(0) : Math.abs(value) >= 10 ? value.toFixed(1) : value.toFixed(2));
const cell = (figure: Figure | undefined, unit: string) => (figure ? `${format(figure.median)} ${unit} (${format(figure.min)}–${format(figure.max)})` : '');

/** The table `npm run bench` prints: one line a figure, medians with min–max, ratios and goals. */
export function table(rows: readonly Row[]): string {
  const header = ['section', 'figure', 'value (min–max)', 'baseline (min–max)', 'ratio', 'goal', 'met'];
  const lines = rows.map((row) => [
    row.section,
    row.name,
    cell(row.value, row.unit),
    cell(row.baseline, row.unit),
    row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}×`,
    row.goal ?? '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const render = (cells: string[]) => `| ${cells.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`;
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n');
}

export async function writeResults(file: string, rows: readonly Row[], context: Record<string, unknown>): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ measured_at: new Date().toISOString(), ...context, rows }, null, 2)}\n`);
}

// What every scenario hands back, and the table `npm run test:faults` prints from it.

/** Counts a scenario measured, by name. */
export type Figures = Record<string, number>;

export interface Scenario<Options> {
  name: string;
  /** Figures that must be 0; the others are context (how much was tried). */
  mustBeZero: readonly string[];
  run(options: Options): Promise<Figures>;
}

export interface Row {
  scenario: string;
  figure: string;
  value: number;
  mustBeZero: boolean;
}

export const rows = (scenario: Pick<Scenario<unknown>, 'name' | 'mustBeZero'>, figures: Figures): Row[] =>
  Object.entries(figures).map(([figure, value]) => ({ scenario: scenario.name, figure, value, mustBeZero: scenario.mustBeZero.includes(figure) }));

export const failing = (all: readonly Row[]) => all.filter((row) => row.mustBeZero && row.value !== 0);

export function table(all: readonly Row[]): string {
  const header = ['scenario', 'figure', 'value', 'must be', 'ok'];
  const lines = all.map((row) => [
    row.scenario,
    row.figure,
    String(row.value),
    row.mustBeZero ? '0' : '',
    row.mustBeZero ? (row.value === 0 ? 'yes' : 'NO') : '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i]!.length)));
  const render = (cells: string[]) => `| ${cells.map((text, i) => text.padEnd(widths[i]!)).join(' | ')} |`;
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render)].join('\n');
}

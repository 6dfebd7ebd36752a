// Figures the benchmarks report: every figure is the median of several runs, with min and max,
// and speed claims are ratios against a baseline measured in the same run.

export interface Figure {
  median: number;
  min: number;
  max: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export const sortNumbers = (values: readonly number[]) => [...values].sort((a, b) => a - b);

/** Median, min and max of one figure measured in several runs. */
export function figure(runs: readonly number[]): Figure {
  const sorted = sortNumbers(runs);
  return { median: percentile(sorted, 50), min: sorted[0] ?? Number.NaN, max: sorted.at(-1) ?? Number.NaN };
}

export interface Row {
  section: string;
  name: string;
  unit: string;
  value: Figure;
  /** The same figure for the baseline, measured in the same run. */
  baseline?: Figure;
  /** value / baseline of the medians. */
  ratio?: number;
  /** What the figure must stay within, e.g. "ratio <= 1.3"; `met` tells whether it did. */
  goal?: string;
  met?: boolean;
}

export function compare(row: Omit<Row, 'ratio' | 'met'>, limit?: { ratio?: number; value?: number; atLeast?: number }): Row {
  const ratio = row.baseline ? row.value.median / row.baseline.median : undefined;
  const met =
    limit === undefined
      ? undefined
      : (limit.ratio === undefined || (ratio !== undefined && ratio <= limit.ratio)) &&
        (limit.value === undefined || row.value.median <= limit.value) &&
        (limit.atLeast === undefined || row.value.median >= limit.atLeast);
  return { ...row, ratio, met };
}

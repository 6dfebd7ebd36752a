/** `text` in at most `width` characters, cut in the middle, where a long path or message differs least. */
export function cutMiddle(text: string, width: number): string {
  if (text.length <= width) return text;
  if (width <= 1) return text.slice(0, width);
  const head = Math.ceil((width - 1) / 2);
  return `${text.slice(0, head)}…${text.slice(text.length - (width - 1 - head))}`;
}

const gap = 2;
const narrowest = 8;

export interface Fit {
  /** A terminal's columns. */
  maxWidth?: number;
  /** The columns that may give way (a file name, a message), not IDs a reader copies. */
  shrinkable?: readonly number[];
}

/**
 * Rows under a header, each column as wide as its widest cell; beyond `maxWidth` the widest shrinkable
 * column gives way first, its cells cut in the middle.
 */
export function table(header: readonly string[], rows: readonly (readonly string[])[], { maxWidth = Infinity, shrinkable = [] }: Fit = {}): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const total = () => widths.reduce((sum, width) => sum + width, 0) + gap * (widths.length - 1);
  while (total() > maxWidth) {
    const widest = shrinkable.reduce<number | undefined>((best, column) => (best === undefined || widths[column]! > widths[best]! ? column : best), undefined);
    if (widest === undefined || widths[widest]! <= narrowest) break;
    widths[widest]!--;
  }
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cutMiddle(cell, widths[column]!).padEnd(column === cells.length - 1 ? 0 : widths[column]!))
      .join(' '.repeat(gap))
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

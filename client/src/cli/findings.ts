// Findings as a bookkeeper reads them: where, what is wrong, and the value the rules arrive at.
import type { Finding } from '../errors.ts';

export const findingLine = (finding: Finding) =>
  `${finding.severity === 'hint' ? 'hint ' : ''}${finding.path ? `${finding.path}: ` : ''}${finding.message}${finding.expected !== undefined ? ` (expected ${finding.expected})` : ''}`;

/** The first error in one line, and how many more there are, the ones an answer only counts (FINDINGS_TRUNCATED) included. */
export function firstFinding(findings: readonly Finding[]): string {
  const errors = findings.filter((finding) => finding.severity !== 'hint');
  const first = errors[0] ?? findings[0];
  if (!first) return '';
  const more = errors.reduce((sum, finding) => sum + (finding.count ?? 1), 0) - 1;
  return `${findingLine(first)}${more > 0 ? ` (+${more} more)` : ''}`;
}

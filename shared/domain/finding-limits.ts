import { isError, type Finding } from '#shared/domain/ticket.ts';

// A body of 1 MiB can make a finding of each of its 100,000 keys, or one finding whose path is a key
// of a megabyte; on AWS an answer over 6 MB cannot even leave the function. So every list of
// findings a caller sees is cut here, and what is cut is counted.

/** So many findings an answer lists at most; then one `FINDINGS_TRUNCATED` with the count of the rest. */
export const maxFindings = 100;

/** The code of the finding that counts those left out, in its `count`. */
export const truncatedCode = 'FINDINGS_TRUNCATED';

/**
 * So many bytes the listed findings take at most as JSON, so that an error answer stays under 64 KiB
 * with its envelope: a finding's text may need six bytes a character (`\u0001`).
 */
export const maxFindingsBytes = 48 * 1024;

/** The longest text a finding shows in each field, in UTF-16 code units; a longer one ends in `…`. */
export const maxTextLength = { path: 200, code: 100, message: 1000, expected: 200, rule: 200 } as const;

/** `text` cut to `max` code units, its last one `…`, never splitting a surrogate pair. */
export function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}

function shortFinding(finding: Finding): Finding {
  const short: Finding = { ...finding };
  for (const field of Object.keys(maxTextLength) as (keyof typeof maxTextLength)[]) {
    const text = finding[field];
    if (text !== undefined) short[field] = shortened(text, maxTextLength[field]);
  }
  return short;
}

/** The finding that stands for `count` left out; a hint when every one of them is. */
export const truncatedFinding = (count: number, errors = true): Finding => ({
  path: '',
  code: truncatedCode,
  message: `${count} more findings are left out of this answer`,
  count,
  ...(!errors && { severity: 'hint' }),
});

/**
 * The first findings, up to `maxFindings` and `maxFindingsBytes`, each with its texts shortened, then
 * one `FINDINGS_TRUNCATED` counting the rest (the counts of any such finding already in the list
 * included). Order is kept, so the first fault of a body is always listed.
 */
export function boundedFindings(findings: readonly Finding[]): Finding[] {
  const listed: Finding[] = [];
  let bytes = 0;
  let full = false;
  let left = 0;
  let leftErrors = false;
  for (const finding of findings) {
    if (finding.code === truncatedCode) {
      // A list cut already: what follows it is counted too, so that only a first part is listed.
      full = true;
      left += finding.count ?? 0;
      leftErrors ||= isError(finding);
      continue;
    }
    if (!full) {
      const short = shortFinding(finding);
      const size = Buffer.byteLength(JSON.stringify(short)) + 1;
      full = listed.length === maxFindings || bytes + size > maxFindingsBytes;
      if (!full) {
        listed.push(short);
        bytes += size;
        continue;
      }
    }
    left++;
    leftErrors ||= isError(finding);
  }
  return left === 0 ? listed : [...listed, truncatedFinding(left, leftErrors)];
}

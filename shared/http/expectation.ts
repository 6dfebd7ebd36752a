import { HttpError } from '#shared/http/http-error.ts';
import type { ApiEvent } from '#shared/http/types.ts';

// RFC 9110 §10.1.1: `100-continue` is the only expectation defined, a token compared case-insensitively
// with no value or parameters; a server may answer any other with 417. A near miss such as
// `100-continue-x` is another expectation, however much of it matches.
const continueToken = '100-continue';

/** 417 for an `Expect` holding anything but `100-continue` (an empty one included). */
export function checkExpectation(headers: ApiEvent['headers']): void {
  const expect = headers?.expect;
  if (expect === undefined) return;
  const members = expect
    .split(',')
    .map((member) => member.trim())
    .filter(Boolean);
  if (members.length === 0 || members.some((member) => member.toLowerCase() !== continueToken)) {
    throw new HttpError(417, 'EXPECTATION_FAILED', 'Of Expect, only 100-continue is understood');
  }
}

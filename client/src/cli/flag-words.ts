// A query parameter the service refuses, told by the flag that filled it and the value typed there,
// not by the API's name for it.
import { SteuerboteError } from '../errors.ts';
import { UsageError } from './usage-error.ts';

/** Each query parameter a flag fills: the flag, and its value as typed. */
export type FlagsOf = Readonly<Record<string, readonly [flag: string, typed: unknown]>>;

/** The service's 400 on one of `flags`' parameters as a UsageError in the flag's words; any other error as it is. */
export function inFlagWords(error: unknown, flags: FlagsOf): unknown {
  if (!(error instanceof SteuerboteError) || error.status !== 400) return error;
  const detail = error.details.find((finding) => finding.path && finding.path in flags);
  if (!detail?.path) return error;
  const [flag, typed] = flags[detail.path]!;
  const said = detail.message.startsWith(`${detail.path} `) ? detail.message.slice(detail.path.length + 1) : detail.message;
  return new UsageError(`${flag} ${said}, not ${JSON.stringify(typed)}`);
}

/** A mistake in the command line or its configuration: exit code 2, nothing sent. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

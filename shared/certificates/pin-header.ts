// The header a per-submission PIN comes in, apart from the signer: a submission reads it before it
// knows whether it needs the certificate path at all (shared/wiring/submit-handler.ts).

/** The header a per-submission PIN comes in: never the body, which is stored and hashed for idempotency. */
export const pinHeader = 'elster-pin';

/**
 * The PIN an `Elster-Pin` header carries: as it is, or, beyond ASCII, in the form of RFC 8187
 * (`utf-8''` and the percent-encoded UTF-8 bytes), which HTTP headers need for such characters.
 * Undefined when that form cannot be decoded.
 */
export function pinOfHeader(value: string): string | undefined {
  const encoded = /^utf-8''(.*)$/i.exec(value);
  if (!encoded) return value;
  try {
    return decodeURIComponent(encoded[1]!);
  } catch {
    return undefined;
  }
}

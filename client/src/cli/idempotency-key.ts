// The same file submitted the same way gets the same key, so running a batch again files nothing twice:
// the service answers each file it already has with its ticket (for 24 hours, as Idempotency-Key promises).
import { createHash } from 'node:crypto';

export function keyForFile(kind: string, content: Uint8Array, certificateId: string | undefined): string {
  const hash = createHash('sha256')
    .update(`${kind}\n${certificateId ?? ''}\n`)
    .update(content)
    .digest('hex');
  return `steuerbote-cli-${kind}-${hash.slice(0, 40)}`;
}

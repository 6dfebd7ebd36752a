import { createHash } from 'node:crypto';

/** What a store does for `storeOnce`: write the file, then mark the delivery with one atomic create. */
export interface OnceSteps {
  write(): Promise<void>;
  /** Creates the marker, holding the ID for a person to read, unless it exists; false when it did. */
  mark(marker: string, deliveryId: string): Promise<boolean>;
}

// Hashed, because a sender's ID may hold anything: the marker name can neither climb out of the
// folder nor let two IDs collapse into one, as a sanitised name could.
export const deliveryMarker = (deliveryId: string) => `.deliveries/${createHash('sha256').update(deliveryId, 'utf8').digest('hex')}`;

/**
 * Stores a delivery and tells whether its webhook-id was seen before. The file is written before the
 * marker, so a crash between the two leaves a delivery the sender's retry stores again, never one
 * marked as stored without its file; a retry rewrites the same file, and only the first is "stored".
 */
export async function storeOnce(deliveryId: string | undefined, steps: OnceSteps): Promise<'stored' | 'duplicate'> {
  await steps.write();
  if (deliveryId === undefined) return 'stored';
  return (await steps.mark(deliveryMarker(deliveryId), deliveryId)) ? 'stored' : 'duplicate';
}

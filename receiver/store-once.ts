import { createHash } from 'node:crypto';
import type { SaveOutcome } from '#receiver/received-file-store.ts';

/** What a store does for `storeOnce`; every write creates, none replaces. */
export interface OnceSteps {
  /** Writes the file unless one is at `path`, in one atomic step; false when one was. */
  create(path: string, content: Uint8Array): Promise<boolean>;
  /** The file at `path`, which exists. */
  read(path: string): Promise<Uint8Array>;
  /** Creates the marker, holding the ID for a person to read, unless it exists. */
  mark(marker: string, deliveryId: string): Promise<void>;
  marked(marker: string): Promise<boolean>;
}

// Hashed, because a sender's ID may hold anything: the marker name can neither climb out of the
// folder nor let two IDs collapse into one, as a sanitised name could.
export const deliveryMarker = (deliveryId: string) => `.deliveries/${createHash('sha256').update(deliveryId, 'utf8').digest('hex')}`;

/**
 * Stores a delivery's file, never over another. A repeated webhook-id is a duplicate whatever it
 * carries now, and touches nothing. Otherwise the file is created, or found there already: the same
 * bytes are a duplicate (a retry, or hook-run sending the protocol again), other bytes a conflict.
 * The delivery is marked only once its file is there, so a crash in between leaves a delivery whose
 * retry finds the same bytes, never one marked without its file.
 */
export async function storeOnce(steps: OnceSteps, path: string, content: Uint8Array, deliveryId?: string): Promise<SaveOutcome> {
  const marker = deliveryId === undefined ? undefined : deliveryMarker(deliveryId);
  if (marker && (await steps.marked(marker))) return 'duplicate';
  const created = await steps.create(path, content);
  if (!created && !Buffer.from(await steps.read(path)).equals(content)) return 'conflict';
  if (marker) await steps.mark(marker, deliveryId!);
  return created ? 'stored' : 'duplicate';
}

// The records of an accepted send: its protocol, the Nutzdaten it was sent with and, where the tax
// authority gives one, its answer. The transfer ticket goes on the ticket in the one write that
// follows the tax authority's acceptance; the records are written to the bucket after it, and those
// that cannot be (S3 unreachable, Object Lock off) are kept on the ticket, from where a later attempt
// writes them without sending again (shared/transmission/transmit-ticket.ts). Kept only then: on
// every ticket they would cost a write of their size to the table and its index of owed work.

import { gunzipSync, gzipSync } from 'node:zlib';
import { describeError, logger } from '#shared/logger.ts';
import type { KeptRecord, Ticket } from '#shared/domain/ticket.ts';
import type { ProtocolStore } from '#shared/ports/protocol-store.ts';

/** A ticket whose send was accepted and whose records are not all written yet. */
export const recordsOwed = (ticket: Pick<Ticket, 'status' | 'transfer_ticket'>) => ticket.status === 'processing' && ticket.transfer_ticket !== undefined;

/**
 * The most the records may take on the ticket (gzip in base64): DynamoDB takes items of up to 400 KB,
 * and the acceptance must never be refused for their size. Records larger than that (an ESt protocol
 * of hundreds of pages) are not kept, only written, and an attempt that cannot write them tries again
 * in the same run (`recordAttempts`).
 */
const keptLimitBytes = 300_000;

/** Writes of records in one run before they are kept on the ticket, or, too large for it, given up. */
export const recordAttempts = 3;

/**
 * How long a write of a record may take before it counts as failed: S3 answers in milliseconds, and
 * a write that hangs must not hold the records until the function's timeout takes them with it.
 */
const recordWriteSeconds = 10;

export interface RecordFile {
  fileName: string;
  content: Uint8Array;
  /** A live filing's: locked (S3 Object Lock) until then. */
  retainUntil?: Date;
}

/** The records as the ticket keeps them; undefined when they are too large to keep. */
export function keepRecords(files: readonly RecordFile[]): Record<string, KeptRecord> | undefined {
  const kept = Object.fromEntries(
    files.map(({ fileName, content, retainUntil }) => [
      fileName,
      { content: gzipSync(content).toString('base64'), ...(retainUntil && { retain_until: retainUntil.toISOString() }) },
    ]),
  );
  const size = Object.entries(kept).reduce((sum, [name, record]) => sum + name.length + record.content.length, 0);
  return size <= keptLimitBytes ? kept : undefined;
}

/** The records a ticket kept; none when it kept none (they were too large, or are written). */
export const keptFiles = (ticket: Pick<Ticket, 'kept_records'>): RecordFile[] =>
  Object.entries(ticket.kept_records ?? {}).map(([fileName, record]) => ({
    fileName,
    content: new Uint8Array(gunzipSync(Buffer.from(record.content, 'base64'))),
    ...(record.retain_until && { retainUntil: new Date(record.retain_until) }),
  }));

/**
 * Writes each record once (a file an earlier attempt wrote stays as it is), a live filing's locked.
 * Returns the names of those that could not be written, each logged.
 */
export async function writeRecords(protocols: ProtocolStore, ticket: string, files: readonly RecordFile[]): Promise<string[]> {
  const unwritten: string[] = [];
  await Promise.all(
    files.map(async ({ fileName, content, retainUntil }) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`S3 did not answer within ${recordWriteSeconds} s`)), recordWriteSeconds * 1000);
      });
      try {
        await Promise.race([protocols.putOnce(ticket, fileName, content, retainUntil && { retainUntil }), late]);
      } catch (error) {
        logger.error('record not written', { ticket, file: fileName, error: describeError(error) });
        unwritten.push(fileName);
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return unwritten;
}

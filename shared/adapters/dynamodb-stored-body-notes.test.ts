// Against dynalite, the local stand-in, in memory: the notes are read in their table's order,
// shard after shard, and the sweep's position is moved by one conditional write.

import { describe, expect, it } from 'vitest';
import { DynamoStoredBodyNotes } from '#shared/adapters/dynamodb-stored-body-notes.ts';
import { newTicketId } from '#shared/domain/ticket.ts';
import type { NotesPosition } from '#shared/ports/stored-body-notes.ts';
import { memoryTableOfFile } from '#test/support/memory-table.ts';

const table = memoryTableOfFile('storedBodies');

const notes = () => new DynamoStoredBodyNotes(table.client, table.tableName, 86_400);
const minute = (n: number) => new Date(Date.UTC(2026, 4, 1, 12, n));

describe('DynamoStoredBodyNotes', () => {
  it('reads the notes of a window page by page, each once, whatever their shards', async () => {
    const store = notes();
    const inside = Array.from({ length: 45 }, (_, i) => ({ ticket: newTicketId(), at: minute(10 + (i % 20)) }));
    const outside = [
      { ticket: newTicketId(), at: minute(9) },
      { ticket: newTicketId(), at: minute(30) },
    ];
    for (const { ticket, at } of [...inside, ...outside]) await store.note(ticket, at);

    const read: string[] = [];
    let position: NotesPosition | undefined;
    for (let pages = 0; ; pages++) {
      const page = await store.nextNoted(minute(10), minute(30), position, 10);
      if (!page.tickets.length) break;
      expect(page.tickets.length).toBeLessThanOrEqual(10);
      read.push(...page.tickets);
      position = page.position;
      expect(pages).toBeLessThan(10);
    }
    expect(read.sort()).toEqual(inside.map(({ ticket }) => ticket).sort());

    // Later notes come after the position; one behind a later window's start is not read again. Later
    // is later in time: a note of the same millisecond as the last one read sorts by its ticket ID.
    const late = newTicketId();
    await store.note(late, new Date(minute(29).getTime() + 30_000));
    expect((await store.nextNoted(minute(10), minute(30), position, 10)).tickets).toEqual([late]);
    expect((await store.nextNoted(minute(20), minute(31), { '0': `${minute(5).toISOString()}#tk` }, 100)).tickets).toContain(outside[1]!.ticket);
  });

  it('moves the position of the check from the version it read, once', async () => {
    const store = notes();
    expect(await store.checkedUpTo()).toEqual({ version: 0 });
    expect(await store.checked(0, { '3': 'a' })).toBe(true);
    expect(await store.checked(0, { '3': 'b' })).toBe(false);
    expect(await store.checkedUpTo()).toEqual({ position: { '3': 'a' }, version: 1 });
    expect(await store.checked(1, { '3': 'c' })).toBe(true);
    expect(await store.checkedUpTo()).toEqual({ position: { '3': 'c' }, version: 2 });
    // The position is no note: a reading of the notes never meets it.
    expect((await store.nextNoted(new Date(0), new Date(Date.UTC(2100, 0)), undefined, 1000)).tickets).not.toContain(undefined);
  });
});

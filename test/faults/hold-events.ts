// Loaded with `--import` into an `npm start` child: the first write of events that carries an event
// of the type HOLD_EVENT_TYPE names never ends, and the file HOLD_EVENT_MARK names says so, with the
// event's ticket. The ticket's own write has been made by then, so a SIGKILL at the mark is a crash
// between a ticket's write and its event's.

import { appendFileSync } from 'node:fs';
import { DynamoEventStore } from '#shared/adapters/dynamodb-event-store.ts';
import type { ClientEvent } from '#shared/domain/event.ts';

const { record, recordAll } = DynamoEventStore.prototype;
let holding = false;

/** Whether to hold this write: the first that carries the held type. */
function hold(events: readonly ClientEvent[]): boolean {
  const held = events.find((event) => event.type === process.env.HOLD_EVENT_TYPE);
  if (!held || holding || !process.env.HOLD_EVENT_MARK) return false;
  holding = true;
  appendFileSync(process.env.HOLD_EVENT_MARK, `${held.data.ticket}\n`);
  return true;
}

const never = new Promise<void>(() => undefined);
DynamoEventStore.prototype.record = function (this: DynamoEventStore, event: ClientEvent) {
  return hold([event]) ? never : record.call(this, event);
};
DynamoEventStore.prototype.recordAll = function (this: DynamoEventStore, events: readonly ClientEvent[]) {
  return hold(events) ? never : recordAll.call(this, events);
};

export const holdEventsPath = import.meta.filename;

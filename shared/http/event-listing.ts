// The query of `GET /v2/events`, its page and its cursors. A cursor is a position in the caller's
// feed with a tag made of the caller's client: a cursor handed to another client, or altered, is
// refused, and a listing only ever queries the caller's partition anyway.
//
// Following (`after`): an event is written just after the change it tells of, so a follower is shown
// only events at least `eventSettleSeconds` old; one written later than that after its change would
// stand before a cursor already handed out, and is then seen in the listing only. Waiting
// (`wait`) looks again each second, for at most `maxEventWaitSeconds`: API Gateway's HTTP API ends a
// request after 30 s and answers nothing until the function has.

import { createHash } from 'node:crypto';
import { eventPosition, eventTypes, positionAfter, type ClientEvent, type EventType } from '#shared/domain/event.ts';
import { badListRequest, refuseUnknownParameters } from '#shared/http/list-page.ts';
import type { EventPage, EventQuery, EventStore } from '#shared/ports/event-store.ts';

export const eventListLimit = { default: 50, max: 200 } as const;
export const maxEventWaitSeconds = 20;
export const eventSettleSeconds = 2;
const parameters = ['limit', 'cursor', 'type', 'after', 'wait'] as const;
const positionPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#(evt_[A-Za-z0-9_-]{22}|~)$/;

export interface EventRequest {
  query: Omit<EventQuery, 'now' | 'until'>;
  /** Seconds to wait for an event when none follows `after` yet. */
  waitSeconds: number;
}

/** The caller's query, every parameter checked, each cursor held to the caller. */
export function eventRequest(params: Record<string, string | undefined>, clientId: string): EventRequest {
  refuseUnknownParameters(params, parameters);
  if (params.cursor !== undefined && params.after !== undefined)
    throw badListRequest('after', 'PARAMETER_CONFLICT', 'Give cursor (an older page) or after (what followed), not both');
  const query: EventRequest['query'] = { limit: whole(params.limit, 'limit', 1, eventListLimit.max) ?? eventListLimit.default };
  if (params.type !== undefined) query.types = typesOf(params.type);
  if (params.cursor !== undefined) query.before = positionOf(params.cursor, 'cursor', clientId);
  if (params.after !== undefined) query.after = positionOf(params.after, 'after', clientId);
  const waitSeconds = whole(params.wait, 'wait', 0, maxEventWaitSeconds) ?? 0;
  if (waitSeconds && query.after === undefined) throw badListRequest('wait', 'PARAMETER_CONFLICT', 'wait is for following: give after as well');
  return { query, waitSeconds };
}

/**
 * Reads the page, and while following finds nothing, looks again each second until `waitSeconds`
 * have passed. The answer: the events as the feed shows them (newest first, or, following, oldest
 * first), `next_cursor` for the older page (null after the last, and while following), and
 * `follow_cursor`, which `after` takes for what follows.
 */
export async function eventPage(store: EventStore, clientId: string, request: EventRequest, now = () => new Date()) {
  const deadline = now().getTime() + request.waitSeconds * 1000;
  for (;;) {
    const at = now();
    const until = new Date(at.getTime() - eventSettleSeconds * 1000).toISOString();
    const page = await store.list(clientId, { ...request.query, now: at.toISOString(), until });
    const following = request.query.after !== undefined;
    if (!following || page.events.length || at.getTime() >= deadline) return answer(page, clientId, following ? request.query.after! : undefined, until);
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, deadline - at.getTime())));
  }
}

function answer(page: EventPage, clientId: string, after: string | undefined, until: string) {
  const lastShown = page.events.at(-1);
  const settled = positionAfter(until);
  const follow = after === undefined ? settled : lastShown ? eventPosition(lastShown) : (page.last ?? (after > settled ? after : settled));
  return {
    events: page.events.map(eventView),
    next_cursor: after === undefined && page.last ? cursorOf(page.last, clientId) : null,
    follow_cursor: cursorOf(follow, clientId),
  };
}

/** An event as the feed shows it: whose it is goes without saying. */
export const eventView = ({ id, type, created_at, data }: ClientEvent) => ({ id, type, created_at, data });

const tagOf = (position: string, clientId: string) => createHash('sha256').update(`${clientId}|${position}`).digest('base64url').slice(0, 16);
const cursorOf = (position: string, clientId: string) => `${Buffer.from(position).toString('base64url')}.${tagOf(position, clientId)}`;

function positionOf(cursor: string, name: string, clientId: string): string {
  const [encoded = '', tag] = cursor.split('.');
  const position = Buffer.from(encoded, 'base64url').toString();
  if (!positionPattern.test(position) || tag !== tagOf(position, clientId) || cursorOf(position, clientId) !== cursor)
    throw badListRequest(name, 'CURSOR_INVALID', `${name} is not a cursor this feed handed you: pass next_cursor or follow_cursor of an earlier answer`);
  return position;
}

function typesOf(value: string): EventType[] {
  const types = value.split(',');
  const unknown = types.find((type) => !(eventTypes as readonly string[]).includes(type));
  if (unknown !== undefined) throw badListRequest('type', 'FILTER_INVALID', `type takes a comma-separated list of ${eventTypes.join(', ')}`);
  return types as EventType[];
}

function whole(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const number = /^\d{1,3}$/.test(value) ? Number(value) : -1;
  if (number < min || number > max) throw badListRequest(name, `${name.toUpperCase()}_INVALID`, `${name} must be a whole number from ${min} to ${max}`);
  return number;
}

// What `GET /v2/events` lists: something that happened to one of a client's tickets, webhooks or
// certificates, said by IDs and metadata alone. An event never carries a filing's content, its
// protocol, an amount, an IdNr or a tax number: what it names, the caller reads from its own route.
import { createHash } from 'node:crypto';
import type { Notice } from '#shared/domain/notice.ts';
import type { OwedEvent, Ticket, TicketStatus } from '#shared/domain/ticket.ts';

export const eventTypes = [
  'ticket.created',
  'ticket.status_changed',
  'ticket.delivered',
  'ticket.rejected',
  'ticket.failed',
  'webhook.attempt_failed',
  'certificate.locked',
  'certificate.expiring',
  'notice.available',
] as const;
export type EventType = (typeof eventTypes)[number];

/** How long an event is listed after it happened; DynamoDB's TTL removes it some time after. */
export const eventRetentionDays = 30;

export interface ClientEvent {
  /** `evt_…`: the same for the same happening, so writing it again changes nothing. */
  id: string;
  type: EventType;
  client_id: string;
  /** When it happened (the ticket's change, the attempt, the lock): the order of the feed. */
  created_at: string;
  data: Record<string, string | number | boolean>;
}

/** An event's ID, made from what it is about, so that every writer of one happening names it alike. */
export const eventId = (...about: readonly (string | number)[]) => `evt_${createHash('sha256').update(about.join('|')).digest('base64url').slice(0, 22)}`;

/** Where an event stands in its client's feed: by time, then by ID, so that two of one millisecond keep one order. */
export const eventPosition = (event: Pick<ClientEvent, 'created_at' | 'id'>) => `${event.created_at}#${event.id}`;

/** A position after every event of `time` and before any later one. */
export const positionAfter = (time: string) => `${time}#~`;

/** Epoch seconds at which an event expires. */
export const eventExpiry = (event: Pick<ClientEvent, 'created_at'>) => Math.floor(Date.parse(event.created_at) / 1000) + eventRetentionDays * 86_400;

const statusEvents: Record<TicketStatus, EventType> = {
  queued: 'ticket.status_changed',
  processing: 'ticket.status_changed',
  delivered: 'ticket.delivered',
  rejected: 'ticket.rejected',
  failed: 'ticket.failed',
};

/** The note of the event of a ticket's creation, or of its change to `status` at `at`, with that event's ID. */
export function owedEvent(ticket: string, status: TicketStatus, at: string, created = false): { id: string; owed: OwedEvent } {
  return { id: eventId(ticket, created ? 'ticket.created' : statusEvents[status], status, at), owed: { ...(created && { created }), status, at } };
}

/**
 * The event of a ticket's creation, or of the change to its status at `updated_at`. Its ID is made of
 * the ticket, the status and that time, so the one change gives the one event, however often it is written.
 */
export function ticketEvent(ticket: Ticket, created = false): ClientEvent {
  return owedTicketEvent(ticket, { ...(created && { created }), status: ticket.status, at: ticket.updated_at });
}

/**
 * The event a note stands for, written after the ticket has moved on perhaps: its type, status and
 * time are the change's, the rest what the ticket says now (what only a finished ticket says, its
 * transfer ticket and error, only while it is the status of the change).
 */
export function owedTicketEvent(ticket: Ticket, owed: OwedEvent): ClientEvent {
  const type = owed.created ? 'ticket.created' : statusEvents[owed.status];
  const current = owed.status === ticket.status;
  return {
    id: owedEvent(ticket.ticket, owed.status, owed.at, owed.created).id,
    type,
    client_id: ticket.client_id,
    created_at: owed.at,
    data: {
      ticket: ticket.ticket,
      kind: ticket.kind,
      status: owed.status,
      test: ticket.test,
      // A ticket is created before its first attempt, whenever its creation's event is written.
      attempts: owed.created ? 0 : ticket.attempts,
      ...(ticket.type && { type: ticket.type }),
      ...(ticket.client_reference && { client_reference: ticket.client_reference }),
      ...(current && ticket.transfer_ticket && owed.status === 'delivered' && { transfer_ticket: ticket.transfer_ticket }),
      ...(current && ticket.error && { error_code: ticket.error.code }),
    },
  };
}

/** One failed attempt of a ticket's webhook: which delivery, which attempt, what the receiver answered (nothing of what was sent). */
export function webhookAttemptFailed(
  ticket: Pick<Ticket, 'ticket' | 'client_id' | 'kind' | 'client_reference'>,
  attempt: { webhook_id: string; attempt: number; at: string; response_status?: number; error?: string; next_attempt_at?: string },
): ClientEvent {
  return {
    id: eventId(attempt.webhook_id, attempt.attempt),
    type: 'webhook.attempt_failed',
    client_id: ticket.client_id,
    created_at: attempt.at,
    data: {
      ticket: ticket.ticket,
      kind: ticket.kind,
      webhook_id: attempt.webhook_id,
      attempt: attempt.attempt,
      ...(attempt.response_status !== undefined && { response_status: attempt.response_status }),
      ...(attempt.error && { error: attempt.error }),
      ...(attempt.next_attempt_at && { next_attempt_at: attempt.next_attempt_at }),
      ...(ticket.client_reference && { client_reference: ticket.client_reference }),
    },
  };
}

/**
 * A client's certificate locked after wrong PINs (until when), or expiring (when): its ID and those
 * times, never its subject or label, which name a person or business. A lock is one event; an expiry
 * one each day the daily check sees it coming.
 */
export function certificateEvent(
  type: 'certificate.locked' | 'certificate.expiring',
  certificate: { client_id: string; certificate_id: string },
  at: string,
  data: { locked_until: string } | { not_after: string },
): ClientEvent {
  const about = 'locked_until' in data ? data.locked_until : `${data.not_after}|${at.slice(0, 10)}`;
  return {
    id: eventId(certificate.certificate_id, type, about),
    type,
    client_id: certificate.client_id,
    created_at: at,
    data: { certificate_id: certificate.certificate_id, ...data },
  };
}

/** A notice stored for its client: its ID, kind, year and filing, never its tax number or content. */
export function noticeAvailable(notice: Notice & { client_id: string }): ClientEvent {
  return {
    id: eventId(notice.notice_id, 'notice.available'),
    type: 'notice.available',
    client_id: notice.client_id,
    created_at: notice.created_at,
    data: {
      notice_id: notice.notice_id,
      datenart: notice.datenart,
      test: notice.test,
      ...(notice.year !== undefined && { year: notice.year }),
      ...(notice.tax_office && { tax_office: notice.tax_office }),
      ...(notice.ticket && { ticket: notice.ticket }),
    },
  };
}

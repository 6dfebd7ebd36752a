import { describe, expect, it } from 'vitest';
import { newTicketId } from '#shared/domain/ticket.ts';
import { maxListAnswerBytes } from '#shared/http/list-page.ts';
import { ticketPage } from '#shared/http/ticket-listing.ts';
import { aTicket } from '#test/fakes.ts';

const cursorOf = (ticket: string) => Buffer.from(ticket).toString('base64url');
const signed = (subject: string) => aTicket({ ticket: newTicketId(), certificate_id: 'crt_AAAAAAAAAAAAAAAAAAAAAA', certificate_subject: subject });

describe('ticketPage', () => {
  it('shows each ticket as its metadata, and goes on where the store says', () => {
    const tickets = [signed('CN=Muster GmbH'), signed('CN=Muster GmbH')];
    const page = ticketPage({ tickets, last: tickets[1]! });
    expect(page.tickets.map((shown) => shown.ticket)).toEqual(tickets.map((kept) => kept.ticket));
    expect(page.tickets[0]).not.toHaveProperty('client_id');
    expect(page.next_cursor).toBe(cursorOf(tickets[1]!.ticket));
    expect(ticketPage({ tickets }).next_cursor).toBeNull();
  });

  it('holds as many tickets as fit in an answer, and goes on right after the last it holds', () => {
    const tickets = Array.from({ length: 40 }, () => signed(`CN=${'Muster GmbH '.repeat(5_000)}`));
    const page = ticketPage({ tickets });
    expect(page.tickets.length).toBeGreaterThan(1);
    expect(page.tickets.length).toBeLessThan(tickets.length);
    expect(Buffer.byteLength(JSON.stringify(page))).toBeLessThan(maxListAnswerBytes - 4096);
    expect(page.next_cursor).toBe(cursorOf(tickets[page.tickets.length - 1]!.ticket));
  });
});

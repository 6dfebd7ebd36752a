import { describe, expect, it } from 'vitest';
import type { Ticket } from '#shared/domain/ticket.ts';
import { metadataView, statusView, summaryView } from '#shared/domain/views.ts';
import { aTicket, deliveredFacts, validTicketId } from '#test/fakes.ts';

// A ticket with every internal field set, so a view that copied too much would show it.
const full: Ticket = aTicket({
  client_id: 'client-secret',
  status: 'delivered',
  client_reference: 'ref-1',
  lease_until: '2026-11-22T10:02:30.000Z',
  attempts: 2,
  ...deliveredFacts,
  error: { code: 'X', message: 'y', details: [] },
  webhook: {
    status: 'pending',
    attempts: 1,
    webhook_id: 'msg_internal',
    last_attempt_at: '2026-11-22T10:01:30.000Z',
    last_response_status: 503,
    next_attempt_at: '2026-11-22T10:01:35.000Z',
  },
});

// What every view but the status shows of it first.
const shown = { ticket: validTicketId, kind: 'ustva', status: 'delivered', test: true };

const internal = ['client_id', 'client-secret', 'lease_until', 'msg_internal', 'tax_number_masked'];

describe('views', () => {
  it.each([
    ['summary', summaryView],
    ['status', statusView],
    ['metadata', metadataView],
  ])('the %s view leaks no internal field', (_, view) => {
    const json = JSON.stringify(view(full));
    for (const field of internal) expect(json).not.toContain(field);
  });

  it('summarises with links', () => {
    expect(summaryView(full)).toEqual({
      ...shown,
      created_at: full.created_at,
      links: {
        status: `/v2/status/${validTicketId}`,
        ticket: `/v2/ticket/${validTicketId}`,
        protocol: `/v2/protocol/${validTicketId}`,
      },
    });
  });

  it('shows the status with the error only when there is one', () => {
    expect(statusView(full)).toEqual({ ticket: validTicketId, status: 'delivered', updated_at: full.updated_at, attempts: 2, error: full.error });
    expect(statusView(aTicket())).not.toHaveProperty('error');
  });

  it('shows metadata with the masked tax number and the public webhook state', () => {
    expect(metadataView(full)).toEqual({
      ...shown,
      year: 2026,
      period: '03',
      tax_number: '*********0010',
      datenart_version: 'UStVA_2026',
      client_reference: 'ref-1',
      created_at: full.created_at,
      updated_at: full.updated_at,
      delivered_at: full.delivered_at,
      transfer_ticket: full.transfer_ticket,
      received_at: full.received_at,
      file_name: 'p.pdf',
      file_size: 1234,
      file_sha256: 'f'.repeat(64),
      attempts: 2,
      error: full.error,
      webhook: {
        status: 'pending',
        attempts: 1,
        last_attempt_at: '2026-11-22T10:01:30.000Z',
        last_response_status: 503,
        next_attempt_at: '2026-11-22T10:01:35.000Z',
      },
    });
  });

  it('says why a webhook delivery stopped', () => {
    const gone = aTicket({
      status: 'delivered',
      webhook: { status: 'failed', attempts: 1, webhook_id: 'msg_internal', last_response_status: 410, failure_reason: 'GONE' },
    });
    expect(JSON.parse(JSON.stringify(metadataView(gone))).webhook).toEqual({
      status: 'failed',
      attempts: 1,
      last_response_status: 410,
      failure_reason: 'GONE',
    });
  });

  it('leaves out what an ESt ticket does not have', () => {
    const est = metadataView(aTicket({ kind: 'est', period: undefined }));
    expect(est).not.toHaveProperty('period');
    expect(est).not.toHaveProperty('client_reference');
    expect(est).not.toHaveProperty('error');
  });
});

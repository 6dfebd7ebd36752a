// What callers see of a ticket (the OpenAPI document). Internal fields (client, lease) never leave.

import type { Ticket } from '#shared/domain/ticket.ts';

export const ticketLinks = (id: string) => ({
  status: `/v2/status/${id}`,
  ticket: `/v2/ticket/${id}`,
  protocol: `/v2/protocol/${id}`,
});

export const summaryView = (t: Ticket) => ({
  ticket: t.ticket,
  kind: t.kind,
  status: t.status,
  test: t.test,
  created_at: t.created_at,
  ...(t.hints && { hints: t.hints }),
  links: ticketLinks(t.ticket),
});

export const statusView = (t: Ticket) => ({
  ticket: t.ticket,
  status: t.status,
  updated_at: t.updated_at,
  attempts: t.attempts,
  ...(t.error && { error: t.error }),
  ...(t.transmitted && { transmitted: t.transmitted }),
});

export const metadataView = (t: Ticket) => ({
  ticket: t.ticket,
  kind: t.kind,
  status: t.status,
  test: t.test,
  year: t.year,
  ...(t.type && { type: t.type }),
  ...(t.period && { period: t.period }),
  ...(t.tax_number_masked && { tax_number: t.tax_number_masked }),
  ...(t.tax_office && { tax_office: t.tax_office }),
  ...(t.vat_id_masked && { vat_id: t.vat_id_masked }),
  datenart_version: t.datenart_version,
  ...(t.client_reference !== undefined && { client_reference: t.client_reference }),
  ...(t.certificate_id && { certificate_id: t.certificate_id, certificate_subject: t.certificate_subject }),
  created_at: t.created_at,
  updated_at: t.updated_at,
  delivered_at: t.delivered_at,
  transfer_ticket: t.transfer_ticket,
  received_at: t.received_at,
  file_name: t.file_name,
  file_size: t.file_size,
  file_sha256: t.file_sha256,
  attempts: t.attempts,
  ...(t.error && { error: t.error }),
  ...(t.transmitted && { transmitted: t.transmitted }),
  webhook: {
    status: t.webhook.status,
    attempts: t.webhook.attempts,
    last_attempt_at: t.webhook.last_attempt_at,
    last_response_status: t.webhook.last_response_status,
    next_attempt_at: t.webhook.next_attempt_at,
    failure_reason: t.webhook.failure_reason,
  },
});

// Examples for the document. Every request example passes the service's own checks, and the error
// example is what the service answers for its body (both proven in document.test.ts). Each form's
// request examples are its own (shared/forms/*/openapi.ts).
import type { Kind } from '#shared/domain/ticket.ts';
import { kinds } from '#shared/forms/registry.ts';
import type { FormOpenapi } from '#shared/forms/form.ts';
import { formOpenapi } from '#shared/forms/openapi.ts';
import { ustvaContractExample } from '#shared/forms/ustva/openapi.ts';

export { ustvaContractExample };
export { estContractExample } from '#shared/forms/est/openapi.ts';
export { ustExample } from '#shared/forms/ust/openapi.ts';

export const requestExamples = Object.fromEntries(kinds.map((kind) => [kind, formOpenapi[kind].examples])) as Record<Kind, FormOpenapi['examples']>;

/** The UStVA example with a remaining advance payment that does not add up. */
export const ustvaKz83Mismatch = { ...ustvaContractExample, kennzahlen: { ...ustvaContractExample.kennzahlen, kz83: '700.00' } };

/** What the service finds in `ustvaKz83Mismatch`. */
export const kz83MismatchFinding = {
  path: 'kennzahlen.kz83',
  code: 'KZ83_MISMATCH',
  message: 'must be the total the form computes from the other Kennzahlen (is 700.00; a difference below 1 euro is accepted)',
  expected: '734.50',
};

export const exampleTicket = 'tk_3q2-7wAbCdEfGhIjKlMnOp';

/** A whole answer around `data`, as the envelope middleware writes it. */
const enveloped = <T>(status: number, message: string, data: T) => ({
  success: true,
  status,
  message,
  request_id: 'c0a80164-6f1e-4a0e-9a51-1d2f3b4c5d6e',
  api_version: 'v2',
  service_version: '0.3.0',
  timestamp: '2026-04-10T08:15:00.000Z',
  data,
});

const failed = (status: number, message: string, code: string, details: unknown[], data: unknown = null) => ({
  ...enveloped(status, message, data),
  success: false,
  error: { code, details },
});

export const acceptedExample = enveloped(202, 'Submission accepted', {
  ticket: exampleTicket,
  kind: 'ustva',
  status: 'queued',
  test: true,
  created_at: '2026-04-10T08:15:00.000Z',
  links: { status: `/v2/status/${exampleTicket}`, ticket: `/v2/ticket/${exampleTicket}`, protocol: `/v2/protocol/${exampleTicket}` },
});

export const validationFailedExample = failed(422, 'The submission has errors', 'VALIDATION_FAILED', [kz83MismatchFinding]);

export const protocolNotReadyExample = failed(409, 'The protocol is not ready yet: the ticket is processing', 'PROTOCOL_NOT_READY', [], {
  status: 'processing',
});

export const validationResultExamples = {
  valid: {
    summary: "The contract's UStVA: valid",
    value: enveloped(200, 'The submission is valid', { valid: true, datenart_version: 'UStVA_2026', findings: [] }),
  },
  invalid: {
    summary: 'The same with kz83 "700.00": not valid',
    value: enveloped(200, 'The submission has errors', {
      valid: false,
      datenart_version: 'UStVA_2026',
      findings: [{ ...kz83MismatchFinding, severity: 'error' }],
    }),
  },
};

/** An upload, its container shortened: a real one is a few KiB of base64. */
export const certificateUploadExample = {
  pkcs12: 'MIIKSQIBAzCCCf8GCSqGSIb3DQEHAaCCCfAEggns',
  pin: '123456',
  label: 'Muster GmbH',
  pin_storage: 'per_submission',
};

export const certificateKeptExample = enveloped(201, 'Certificate stored', {
  certificate_id: 'crt_Qm9vay1rZWVwaW5nLTIwMj',
  label: 'Muster GmbH',
  subject: 'CN=Muster GmbH, serialNumber=1234567890, C=DE',
  issuer: 'CN=ELSTER Softwarezertifikat, O=ELSTER, C=DE',
  serial: '4f2a9c01',
  not_before: '2025-03-01T00:00:00.000Z',
  not_after: '2028-03-01T00:00:00.000Z',
  fingerprint_sha256: '3b7e0c5a4f9d2e1b8c6a7f0e9d8c7b6a5f4e3d2c1b0a99887766554433221100',
  pin_storage: 'per_submission',
  created_at: '2026-04-10T08:00:00.000Z',
  key_type: 'rsa',
  key_bits: 2048,
  expires_in_days: 690,
  usable: true,
  problems: [],
  locked_until: null,
  mailbox_checks: null,
});

export const ticketListExample = enveloped(200, 'Tickets', {
  tickets: [
    {
      ticket: exampleTicket,
      kind: 'ustva',
      status: 'delivered',
      test: true,
      year: 2026,
      type: 'voranmeldung',
      period: '03',
      tax_number: '*********0010',
      datenart_version: 'UStVA_2026',
      client_reference: 'INV-2026-03',
      created_at: '2026-04-10T08:15:00.000Z',
      updated_at: '2026-04-10T08:15:02.000Z',
      delivered_at: '2026-04-10T08:15:02.000Z',
      transfer_ticket: 'et123abc456',
      received_at: '2026-04-10T08:15:02.000Z',
      file_name: `UStVA_2026_03_${exampleTicket}.pdf`,
      file_size: 48213,
      file_sha256: 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
      attempts: 1,
      webhook: { status: 'disabled', attempts: 0 },
    },
  ],
  next_cursor: 'dGtfM3EyLTd3QWJDZEVmR2hJaktsTW5PcA',
});

export const eventListExample = enveloped(200, 'Events', {
  events: [
    {
      id: 'evt_Q2hhbmdlZEV2ZW50SWQx',
      type: 'ticket.delivered',
      created_at: '2026-04-10T08:15:02.000Z',
      data: {
        ticket: exampleTicket,
        kind: 'ustva',
        status: 'delivered',
        test: true,
        attempts: 1,
        type: 'voranmeldung',
        client_reference: 'INV-2026-03',
        transfer_ticket: 'et123abc456',
      },
    },
    {
      id: 'evt_Q3JlYXRlZEV2ZW50SWQy',
      type: 'ticket.created',
      created_at: '2026-04-10T08:15:00.000Z',
      data: { ticket: exampleTicket, kind: 'ustva', status: 'queued', test: true, attempts: 0, type: 'voranmeldung', client_reference: 'INV-2026-03' },
    },
  ],
  next_cursor: 'MjAyNi0wNC0xMFQwODoxNTowMC4wMDBaI2V2dF9RM0psWVhSbFpFVjJaVzUwU1dReQ.bmV4dEN1cnNvclRhZw',
  follow_cursor: 'MjAyNi0wNC0xMFQwODoxNjowMC4wMDBaI34.Zm9sbG93Q3Vyc29yVGFn',
});

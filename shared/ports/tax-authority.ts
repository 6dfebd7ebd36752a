import type { Finding, Kind } from '#shared/domain/ticket.ts';

/** What the tax authority is handed to send: one attempt at a ticket's filing. */
export interface Transmission {
  ticket: string;
  /** Which transmission of the ticket this is, from 1: a retry after `retry` comes with the next. */
  attempt: number;
  kind: Kind;
  test: boolean;
  year: number;
  period?: string;
  /** The 13-digit ELSTER tax number; a first income tax return has none, only its tax office. */
  tax_number?: string;
  tax_office?: string;
  /** The USt-IdNr of a form filed by it instead of a tax number (the ZM). */
  vat_id?: string;
  /** The caller's own reference, for the sandbox's protocol to show; ELSTER is not told it. */
  client_reference?: string;
  /** The filing asks for Bescheiddaten: the sandbox then leaves a record in the signing certificate's mailbox. */
  bescheiddaten?: boolean;
  datenart_version: string;
  /** The ELSTER Nutzdaten element to send: built from the body, or the caller's own XML. */
  nutzdaten: string;
  /** The client's own certificate; without it the stage's certificate signs. */
  certificate?: SigningCertificate;
}

/** A transmission before it is a ticket's: what `validate` hands the tax authority to check. */
export type TransmissionData = Omit<Transmission, 'ticket' | 'attempt'>;

/** A client's certificate and its PIN, unsealed for one transmission and held by nothing after it. */
export interface SigningCertificate {
  certificate_id: string;
  /** What the certificate names as its holder, for the sandbox's protocol. */
  subject: string;
  pkcs12: Uint8Array;
  pin: string;
}

export interface Protocol {
  fileName: string;
  pdf: Uint8Array;
}

export type TransmitOutcome =
  | {
      outcome: 'delivered';
      transferTicket: string;
      receivedAt: string;
      protocol: Protocol /** The tax authority's answer, where it gives one. */;
      serverAnswer?: string;
    }
  | { outcome: 'rejected'; code: string; message: string; findings: Finding[] }
  /** Nothing left this machine: safe to try again later. */
  | { outcome: 'retry'; code: string; message: string }
  /** Must not be retried: a configuration fault, or the data may already have reached the tax authority. */
  | { outcome: 'failed'; code: string; message: string /** The tax authority's answer, kept for support. */; serverAnswer?: string };

export interface TaxAuthority {
  readonly name: 'sandbox' | 'eric';
  /** Whether a transmission interrupted midway may simply be sent again. */
  readonly resendIsSafe: boolean;
  transmit(transmission: Transmission): Promise<TransmitOutcome>;
  /** Checks the data as the tax authority would before sending, and sends nothing. */
  validate(transmission: TransmissionData): Promise<Finding[]>;
}

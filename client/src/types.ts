// The shapes of requests and answers by name, all taken from the generated document types.
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type Kind = 'ustva' | 'est';
export type UstvaSubmission = Schemas['UstvaSubmission'];
export type EstSubmission = Schemas['EstSubmission'];
export type Submission<K extends Kind> = K extends 'ustva' ? UstvaSubmission : EstSubmission;
export type TicketSummary = Schemas['TicketSummary'];
export type TicketStatus = Schemas['TicketStatus'];
export type TicketMetadata = Schemas['TicketMetadata'];
export type TicketList = Schemas['TicketList'];
/** The filters of `GET /v2/tickets`, and `limit` and `cursor`. */
export type TicketListQuery = NonNullable<operations['getTickets']['parameters']['query']>;
export type ValidationResult = Schemas['ValidationResult'];
export type CertificateUpload = Schemas['CertificateUpload'];
export type Certificate = Schemas['Certificate'];
export type Version = Schemas['Version'];

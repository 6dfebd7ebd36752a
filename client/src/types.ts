// The shapes of requests and answers by name, all taken from the generated document types.
import type { components, operations } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type UstvaSubmission = Schemas['UstvaSubmission'];
export type EstSubmission = Schemas['EstSubmission'];
export type LstaSubmission = Schemas['LstaSubmission'];
/** Each form's request body, by the path segment of its routes. */
interface Submissions {
  ustva: UstvaSubmission;
  est: EstSubmission;
  lsta: LstaSubmission;
}
export type Kind = keyof Submissions;
/** The forms, as the command line names them. */
export const kinds = ['ustva', 'est', 'lsta'] as const satisfies readonly Kind[];
export type Submission<K extends Kind> = Submissions[K];
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

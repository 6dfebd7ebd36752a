// The shapes of requests and answers by name, all taken from the generated document types.
import type { components, operations, paths } from './generated/openapi.ts';

type Schemas = components['schemas'];

/** Each form the document knows, by its path segment: every `POST /v2/{kind}/validate` is one. */
export type Kind = Extract<keyof paths, `/v2/${string}/validate`> extends `/v2/${infer K}/validate` ? K : never;
export type UstvaSubmission = Schemas['UstvaSubmission'];
export type EstSubmission = Schemas['EstSubmission'];
export type ZmSubmission = Schemas['ZmSubmission'];
/** The request body of `POST /v2/{kind}`. */
export type Submission<K extends Kind> = NonNullable<paths[`/v2/${K}`]['post']['requestBody']>['content']['application/json'];
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

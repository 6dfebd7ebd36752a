// The shapes of requests and answers by name, all taken from the generated document types.
import type { components, kinds, operations, paths } from './generated/openapi.ts';

type Schemas = components['schemas'];

export type Kind = (typeof kinds)[number];
/** The body of `POST /v2/{kind}`, e.g. `Submission<'ustva'>`. */
export type Submission<K extends Kind> = NonNullable<paths[`/v2/${K}`]['post']['requestBody']>['content']['application/json'];
export type UstvaSubmission = Submission<'ustva'>;
export type EstSubmission = Submission<'est'>;
export type TicketSummary = Schemas['TicketSummary'];
export type TicketStatus = Schemas['TicketStatus'];
export type TicketMetadata = Schemas['TicketMetadata'];
export type TicketList = Schemas['TicketList'];
/** The filters of `GET /v2/tickets`, and `limit` and `cursor`. */
export type TicketListQuery = NonNullable<operations['getTickets']['parameters']['query']>;
export type EventList = Schemas['EventList'];
export type ClientEvent = EventList['events'][number];
/** `limit`, `cursor`, `after`, `wait` and `type` of `GET /v2/events`. */
export type EventListQuery = NonNullable<operations['getEvents']['parameters']['query']>;
export type ValidationResult = Schemas['ValidationResult'];
export type CertificateUpload = Schemas['CertificateUpload'];
export type Certificate = Schemas['Certificate'];
export type Version = Schemas['Version'];
export type WebhookAttempt = Schemas['WebhookAttempts']['attempts'][number];
export type WebhookResent = Schemas['WebhookResent'];
export type MailboxCheckRequest = Schemas['MailboxCheckRequest'];
export type MailboxCheck = Schemas['MailboxCheck'];
export type Notice = Schemas['Notice'];
export type NoticeList = Schemas['NoticeList'];
export type NoticeData = Schemas['NoticeData'];
export type TicketNotices = Schemas['TicketNotices'];
/** The filters of `GET /v2/notices`, and `limit` and `cursor`. */
export type NoticeListQuery = NonNullable<operations['getNotices']['parameters']['query']>;

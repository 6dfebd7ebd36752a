export { createSteuerbote, unwrap, type Accepted, type Steuerbote, type SteuerboteOptions, type SubmitOptions } from './client.ts';
export {
  FilingNotDelivered,
  MailboxCheckWaitTimeout,
  NoticeWaitTimeout,
  SteuerboteError,
  SteuerboteUnreachable,
  TicketWaitTimeout,
  type Finding,
} from './errors.ts';
export type { NoticeFile, NoticeWaitOptions } from './notices.ts';
export { retryAfterMs, type RetryOptions } from './retrying-fetch.ts';
export { finishedStatuses, type WaitOptions } from './wait.ts';
export type * from './types.ts';
export type { components, operations, paths } from './generated/openapi.ts';

// The mailbox queue's message: a wake-up naming one mailbox check; the check in its table says what
// is to be done. Written by the SQS work queue, read by the check's function.
import { isCheckId } from '#shared/domain/notice.ts';
import { jsonObject } from '#shared/queue/json-object.ts';

export const mailboxMessage = (checkId: string): string => JSON.stringify({ check_id: checkId });

/** The check a wake-up names, or undefined for a body that is not one. */
export function readMailboxMessage(body: string): string | undefined {
  const checkId = jsonObject(body)?.check_id;
  return typeof checkId === 'string' && isCheckId(checkId) ? checkId : undefined;
}

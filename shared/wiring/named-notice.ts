import { isNoticeId, type Notice } from '#shared/domain/notice.ts';
import type { CheckContext, NamedNotice } from '#shared/forms/check.ts';
import { dataValues } from '#shared/notices/data-view.ts';
import { noticeFileStore, noticeStore, ticketStore } from '#shared/wiring/adapters.ts';
import type { CallerReads } from '#shared/wiring/submit-handler.ts';

/** A data package larger than this is no flat document of values: its values are not read. */
const valuesBytes = 64 * 1024;

/** The values of a notice's data package, where its format is one steuerbote reads (shared/notices/data-view.ts). */
async function valuesOf({ data }: Notice): Promise<Record<string, string> | null> {
  if (data === undefined || data.size > valuesBytes) return null;
  const stored = await (await noticeFileStore()).get(data.key);
  if (!stored) return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of stored.body) chunks.push(chunk);
  return dataValues(Buffer.concat(chunks).toString('latin1'));
}

/**
 * What the check of a form whose body names a notice is handed beside the day (an appeal's
 * `notice_id`, shared/forms/einspruch/from-notice.ts): the caller's own notice, the form of the filing
 * it answers, and the whole tax number where its data package names it. Only those forms' functions
 * are built with it (readingNotices), and granted its reads (shared/manifest.ts).
 */
export const namedNotices = (clientId: string): Pick<CheckContext, 'notice'> => ({
  async notice(noticeId) {
    if (!isNoticeId(noticeId)) return undefined;
    const notice = await noticeStore().get(noticeId);
    if (!notice || notice.client_id === undefined || notice.client_id !== clientId) return undefined;
    const [filing, values] = await Promise.all([notice.ticket === undefined ? undefined : ticketStore().get(notice.ticket), valuesOf(notice)]);
    const taxNumber = values?.steuernummer;
    const named: NamedNotice = {
      datenart: notice.datenart,
      ...(filing && filing.client_id === clientId && { kind: filing.kind }),
      ...(notice.year !== undefined && { year: notice.year }),
      ...(notice.tax_number !== undefined && { tax_number_masked: notice.tax_number }),
      ...(notice.tax_office !== undefined && { tax_office: notice.tax_office }),
      ...(taxNumber !== undefined && /^\d{13}$/.test(taxNumber) && { tax_number: taxNumber }),
      ...(notice.notice_date !== undefined && { date: notice.notice_date }),
    };
    return named;
  },
});

/** `reads` with the caller's notices beside them (functions/submit-letter-reading-notices.ts). */
export const readingNotices =
  (reads: CallerReads): CallerReads =>
  (clientId, ownTicket) => {
    const read = reads(clientId, ownTicket);
    return { ...read, context: { ...read.context, ...namedNotices(clientId) } };
  };

// What a caller is shown of a notice and of a mailbox check: IDs and metadata, never the content,
// which only `/data` and `/attachments/{n}` serve; the tax number masked.

import { stageMailbox, type MailboxCheck, type Notice } from '#shared/domain/notice.ts';

export function noticeView(notice: Notice) {
  const self = `/v2/notices/${notice.notice_id}`;
  return {
    notice_id: notice.notice_id,
    datenart: notice.datenart,
    state: notice.state,
    test: notice.test,
    certificate_id: notice.mailbox === stageMailbox ? null : notice.mailbox,
    ticket: notice.ticket ?? null,
    filing_transfer_ticket: notice.filing_transfer_ticket ?? null,
    year: notice.year ?? null,
    tax_office: notice.tax_office ?? null,
    tax_number: notice.tax_number ?? null,
    notice_date: notice.notice_date ?? null,
    available_until: notice.available_until ?? null,
    created_at: notice.created_at,
    confirmed_at: notice.confirmed_at ?? null,
    data: notice.data
      ? { file_name: notice.data.file_name, content_type: notice.data.content_type, file_size: notice.data.size, file_sha256: notice.data.sha256 }
      : null,
    attachments: notice.attachments.map((file, index) => ({
      n: index + 1,
      file_name: file.file_name,
      content_type: file.content_type,
      file_size: file.size,
      file_sha256: file.sha256,
    })),
    links: { self, ...(notice.data && { data: `${self}/data` }), ...(notice.ticket && { ticket: `/v2/ticket/${notice.ticket}` }) },
  };
}

/**
 * The `notice.available` webhook's body: which notice, of which filing, where to read it. Nothing of
 * its content (no value, no full tax number, no file), which only the notice's own routes serve.
 */
export function noticeWebhookBody(notice: Notice): string {
  const view = noticeView(notice);
  return JSON.stringify({
    type: 'notice.available',
    notice_id: notice.notice_id,
    datenart: notice.datenart,
    test: notice.test,
    certificate_id: view.certificate_id,
    ticket: view.ticket,
    year: view.year,
    tax_office: view.tax_office,
    tax_number: view.tax_number,
    notice_date: view.notice_date,
    attachments: notice.attachments.length,
    created_at: notice.created_at,
    links: view.links,
  });
}

export const checkView = (check: MailboxCheck) => ({
  check_id: check.check_id,
  status: check.status,
  test: check.test,
  certificate_id: check.certificate_id ?? null,
  created_at: check.created_at,
  updated_at: check.updated_at,
  found: check.found ?? null,
  stored: check.stored ?? null,
  confirmed: check.confirmed ?? null,
  unconfirmed: check.unconfirmed ?? null,
  links: { self: `/v2/mailbox/checks/${check.check_id}`, notices: '/v2/notices' },
});

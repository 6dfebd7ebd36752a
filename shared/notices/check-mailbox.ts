// One mailbox check: list every page of the mailbox, store each new record's files and then its
// notice, and only then confirm it to ELSTER, at most 100 records a call. A crash at any point loses
// nothing and confirms nothing unstored: a record stays in the mailbox until confirmed, so the check
// run again lists it again, finds its notice if it was stored (and downloads nothing), and confirms
// it; a confirmation that landed before the crash was noted shows as "not found", which the record's
// status settles. A confirmed notice is never downloaded again.

import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { metricNames } from '#shared/metric-names.ts';
import type { MetricSink } from '#shared/metrics.ts';
import { isOpenCheck, noticeId, stageMailbox, type MailboxCheck, type Notice, type StoredObject } from '#shared/domain/notice.ts';
import { maskTaxNumber } from '#shared/domain/ticket.ts';
import type { MailboxCheckStore } from '#shared/ports/mailbox-check-store.ts';
import type { NoticeFileStore } from '#shared/ports/notice-file-store.ts';
import type { NoticeStore, UnconfirmedNotice } from '#shared/ports/notice-store.ts';
import type { TicketStore } from '#shared/ports/ticket-store.ts';
import { confirmBlock, MailboxDownloadError, type MailboxAddress, type MailboxObject, type MailboxRecord, type TaxMailbox } from '#shared/ports/tax-mailbox.ts';

export interface CheckDeps {
  checks: MailboxCheckStore;
  notices: NoticeStore;
  files: NoticeFileStore;
  tickets: Pick<TicketStore, 'byTransferTicket'>;
  mailbox: TaxMailbox;
  /** The address of the check's mailbox: its certificate opened, or the stage's. */
  address(check: MailboxCheck): Promise<MailboxAddress>;
  /** Announces a stored notice (the `notice.available` webhook); called again for one a crash left unannounced. */
  announce(notice: Notice): Promise<void>;
  retentionDays: number;
  metrics?: MetricSink;
  now?: () => Date;
}

/** Tries to download an object this often within one run before leaving its record to the next check. */
const downloadAttempts = 3;
/** ELSTER answers a page of at most this many records. */
const pageMax = 1000;

export interface CheckCounts {
  found: number;
  stored: number;
  confirmed: number;
  unconfirmed: number;
}

export async function runMailboxCheck(checkId: string, deps: CheckDeps): Promise<CheckCounts | undefined> {
  const now = deps.now ?? (() => new Date());
  const check = await deps.checks.get(checkId);
  if (!check || !isOpenCheck(check)) return undefined;
  await deps.checks.update(checkId, { status: 'running' }, now().toISOString());
  const address = await deps.address(check);
  const mailbox = check.certificate_id ?? stageMailbox;

  let found = 0;
  let stored = 0;
  const owed = new Map<string, UnconfirmedNotice>();
  let after: string | undefined;
  do {
    const page = await deps.mailbox.list(address, {
      max: pageMax,
      ...(check.datenarten && { datenarten: check.datenarten }),
      ...(check.from && { from: check.from }),
      ...(check.to && { to: check.to }),
      ...(after !== undefined && { after }),
    });
    for (const record of page.records) {
      found++;
      const id = noticeId(mailbox, record.id);
      let notice = await deps.notices.get(id);
      if (!notice) {
        notice = await storeRecord(check, mailbox, address, record, deps, now);
        if (!notice) continue;
        stored++;
      }
      if (notice.announced_at === undefined) {
        await deps.announce(notice);
        await deps.notices.markAnnounced(id, now().toISOString());
      }
      // Listed again though confirmed here: ELSTER lacks the confirmation, which is sent again; nothing is downloaded.
      owed.set(id, notice);
    }
    after = page.next;
  } while (after !== undefined);

  // What the listing no longer shows but is still owed here: a confirmation that landed before a crash.
  for (const notice of await deps.notices.unconfirmed(mailbox)) if (notice.test === check.test) owed.set(notice.notice_id, notice);
  const confirmed = await confirm([...owed.values()], address, deps, now);
  const counts = { found, stored, confirmed, unconfirmed: owed.size - confirmed };
  deps.metrics?.addMetric(metricNames.noticesStored, MetricUnit.Count, stored);
  await deps.checks.update(checkId, { status: 'done', ...counts }, now().toISOString());
  return counts;
}

/** Downloads every object of the record into the bucket, then writes its notice; undefined when the record is gone. */
async function storeRecord(
  check: MailboxCheck,
  mailbox: string,
  address: MailboxAddress,
  record: MailboxRecord,
  deps: CheckDeps,
  now: () => Date,
): Promise<Notice | undefined> {
  const id = noticeId(mailbox, record.id);
  const objects: StoredObject[] = [];
  // The data package's key is `data`, the attachments' their number from 1, with a data package or without.
  const all: (MailboxObject & { content_type: string; file_name: string; key: string })[] = [
    ...(record.data ? [{ ...record.data, file_name: `${record.datenart}_${record.id}.xml`, key: `${id}/data` }] : []),
    ...record.attachments.map((attachment, index) => ({ ...attachment, key: `${id}/${index + 1}` })),
  ];
  for (const { key, ...object } of all) {
    const file = await downloaded(
      () => deps.mailbox.download(address, object),
      (content) => deps.files.put(key, content, object.content_type),
    );
    if (!file) return undefined;
    objects.push({ key, size: file.size, sha256: file.sha256, content_type: object.content_type, file_name: object.file_name });
  }
  const metas = record.metas;
  const filing = metas.erklaerungsticket ? await deps.tickets.byTransferTicket(metas.erklaerungsticket) : undefined;
  // A client's certificate's records are its client's; the stage's go to the client whose filing they answer, else to nobody.
  const owner = check.certificate_id !== undefined ? check.client_id : filing?.client_id;
  const createdAt = now();
  const notice: Notice = {
    notice_id: id,
    ...(owner !== undefined && { client_id: owner }),
    mailbox,
    record_id: record.id,
    provision_ticket: record.provision_ticket,
    datenart: record.datenart,
    test: check.test,
    ...(filing && filing.client_id === owner && { ticket: filing.ticket }),
    ...(metas.erklaerungsticket !== undefined && { filing_transfer_ticket: metas.erklaerungsticket }),
    ...(metas.veranlagungsjahr !== undefined && /^\d{4}$/.test(metas.veranlagungsjahr) && { year: Number(metas.veranlagungsjahr) }),
    ...(metas.finanzamt !== undefined && { tax_office: metas.finanzamt }),
    ...(metas.steuernummer !== undefined && { tax_number: maskTaxNumber(metas.steuernummer) }),
    ...(metas.bescheiddatum !== undefined && { notice_date: isoDay(metas.bescheiddatum) }),
    ...(metas.verfuegbarbis !== undefined && { available_until: isoDay(metas.verfuegbarbis) }),
    ...(record.data && { data: objects[0]! }),
    attachments: record.data ? objects.slice(1) : objects,
    state: 'stored',
    check_id: check.check_id,
    created_at: createdAt.toISOString(),
    expires_at: Math.floor(createdAt.getTime() / 1000) + deps.retentionDays * 86_400,
  };
  // Another run that stored it first wrote the same files and the same record: its notice stands.
  if (!(await deps.notices.create(notice))) return deps.notices.get(id);
  return notice;
}

/** Stores what one download brings, tried again after a broken-off one; undefined when the object is gone. */
async function downloaded<T>(
  download: () => Promise<AsyncIterable<Uint8Array>>,
  store: (content: AsyncIterable<Uint8Array>) => Promise<T>,
): Promise<T | undefined> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await store(await download());
    } catch (error) {
      if (!(error instanceof MailboxDownloadError)) throw error;
      if (error.kind === 'not_found') return undefined;
      if (attempt === downloadAttempts) throw error;
    }
  }
}

/**
 * Confirms the notices, a block at a time; one ELSTER answers "try again" is tried once more, and
 * one it does not find is confirmed here only where its status says ELSTER has its confirmation.
 * Returns how many are confirmed; the rest stay owed, for the next check and the alarm.
 */
async function confirm(owed: readonly UnconfirmedNotice[], address: MailboxAddress, deps: CheckDeps, now: () => Date): Promise<number> {
  let confirmed = 0;
  const markConfirmed = async (notice: UnconfirmedNotice) => {
    await deps.notices.markConfirmed(notice.notice_id, now().toISOString());
    confirmed++;
  };
  for (let start = 0; start < owed.length; start += confirmBlock) {
    const block = owed.slice(start, start + confirmBlock);
    const byRecord = new Map(block.map((notice) => [notice.record_id, notice]));
    let results = await deps.mailbox.confirm(address, [...byRecord.keys()]);
    const again = results.filter(({ outcome }) => outcome === 'retry').map(({ id }) => id);
    if (again.length) results = [...results.filter(({ outcome }) => outcome !== 'retry'), ...(await deps.mailbox.confirm(address, again))];
    const notFound: UnconfirmedNotice[] = [];
    for (const result of results) {
      const notice = byRecord.get(result.id);
      if (!notice) continue;
      if (result.outcome === 'confirmed') await markConfirmed(notice);
      else if (result.outcome === 'not_found') notFound.push(notice);
    }
    if (notFound.length === 0) continue;
    const statuses = await deps.mailbox.status(
      address,
      notFound.map(({ provision_ticket }) => provision_ticket),
    );
    for (const notice of notFound) if (statuses.get(notice.provision_ticket) === 'confirmed') await markConfirmed(notice);
  }
  return confirmed;
}

/** ELSTER's days (YYYYMMDD) as ISO days. */
const isoDay = (day: string) => (/^\d{8}$/.test(day) ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : day);

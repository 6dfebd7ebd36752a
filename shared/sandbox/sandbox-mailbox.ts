// Stands in for the ELSTER mailbox (ElsterDatenabholung 31 and Otto): a delivered filing that asked
// for Bescheiddaten leaves, after a delay, an ESB record in the mailbox of the certificate that
// signed it (or the stage's), linked by the filing's transfer ticket; an income tax return's carries
// the notice as a PDF where the sandbox plays a filer who consented to DIVA. Pages are small, so that
// every check pages; the test tax numbers of shared/sandbox/test-values.ts make a record answer
// "not found" or "try again" to its confirmation, expire, download slowly or fail once, or hold its
// confirmation before taking it or its answer after, long enough to kill a check there.

import { randomInt } from 'node:crypto';
import { stageMailbox } from '#shared/domain/notice.ts';
import type { SandboxMailboxStore, SandboxRecord } from '#shared/ports/sandbox-mailbox-store.ts';
import type { Transmission } from '#shared/ports/tax-authority.ts';
import {
  MailboxDownloadError,
  type ConfirmResult,
  type MailboxAddress,
  type MailboxObject,
  type MailboxPage,
  type MailboxQuery,
  type MailboxRecord,
  type RecordStatus,
  type TaxMailbox,
} from '#shared/ports/tax-mailbox.ts';
import { sandboxMailboxBehaviour } from '#shared/sandbox/test-values.ts';
import { taxOfficeOf } from '#shared/tax/test-cases.ts';
import { flag, wholeNumber } from '#shared/config.ts';
import { settingNames } from '#shared/setting-names.ts';

export interface SandboxMailboxOptions {
  store: SandboxMailboxStore;
  /** How long after a filing's delivery its record may be listed. */
  delayMs: number;
  /** Whether the filers consented to DIVA: an income tax return's record then carries the notice as a PDF. */
  divaConsent: boolean;
  /** The most records a page holds, whatever `max` asks: small, so that every check pages. */
  pageSize: number;
  now?: () => Date;
}

// ELSTER's BestId: two of [0-9a-km-z], three digits, 27 of [0-9a-km-z].
const idAlphabet = '0123456789abcdefghijkmnopqrstuvwxyz';
const drawn = (length: number, alphabet: string) => Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
const newRecordId = () => `${drawn(2, idAlphabet)}${drawn(3, '0123456789')}${drawn(27, idAlphabet)}`;

/** PostfachBestaetigung's codes, as ELSTER's sample answer has them. */
export const confirmCodes = { confirmed: '0', not_found: '194346573', retry: '1943226573' } as const;
const confirmMessages = {
  confirmed: 'erfolgreich bestätigt',
  not_found: 'Datensatz nicht gefunden',
  retry: 'Bitte versuchen Sie es noch einmal',
} as const;

/** The days ELSTER keeps a record before it deletes it (`verfuegbarbis`). */
const keptDays = 60;
/** A slow record's first download pauses before its last block: long enough to interrupt it; a download after it, as a check does once restarted, does not. */
export const slowDownloadMs = 4_000;
/** How long a held confirmation waits before it is taken, and a slow one's answer after: long enough to interrupt either. */
export const confirmWaitMs = 10_000;
const blockBytes = 16 * 1024;

/** A record a confirmation call names and may confirm, with the number of this attempt. */
interface Arrival {
  record: SandboxRecord;
  attempt: number;
}

// On the global timer, which a test's fake clock moves.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const day = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');
const addressOf = (address: MailboxAddress) => address.certificate?.certificate_id ?? stageMailbox;

export class SandboxMailbox implements TaxMailbox {
  readonly #options: SandboxMailboxOptions;
  readonly #now: () => Date;

  constructor(options: SandboxMailboxOptions) {
    this.#options = options;
    this.#now = options.now ?? (() => new Date());
  }

  /** Leaves the record a delivered filing that asked for Bescheiddaten receives. */
  async deposit(transmission: Transmission, transferTicket: string, receivedAt: string): Promise<void> {
    const received = new Date(receivedAt);
    const behaviour = sandboxMailboxBehaviour(transmission);
    const until = behaviour === 'expired' ? received : new Date(received.getTime() + keptDays * 86_400_000);
    const taxOffice = transmission.tax_number === undefined ? transmission.tax_office : taxOfficeOf(transmission.tax_number);
    const metas: Record<string, string> = {
      erklaerungsticket: transferTicket,
      veranlagungsjahr: String(transmission.year),
      erstelldatum: day(received),
      verfuegbarbis: day(until),
      ...(taxOffice !== undefined && { finanzamt: taxOffice }),
      ...(transmission.tax_number !== undefined && { steuernummer: transmission.tax_number }),
      bescheiddatum: day(received),
    };
    await this.#options.store.add({
      mailbox: transmission.certificate?.certificate_id ?? stageMailbox,
      record_id: newRecordId(),
      provision_ticket: drawn(32, 'abcdefghijklmnopqrstuvwxyz0123456789'),
      // ELSTER's messages (EPMitteilung) may carry only attachments: the record then has no data package.
      datenart: behaviour === 'without_data' ? 'EPMitteilung' : 'ESB',
      metas,
      available_at: new Date(received.getTime() + this.#options.delayMs).toISOString(),
      // ELSTER sends the notice itself (DIVA) for the income tax return; its Datenart version is `ESt_{year}`.
      pdf: (transmission.datenart_version.startsWith('ESt_') && this.#options.divaConsent) || behaviour === 'without_data',
      test: transmission.test,
      ...(behaviour && { behaviour }),
      downloads: 0,
      confirmations: 0,
      confirm_attempts: 0,
    });
  }

  async list(address: MailboxAddress, query: MailboxQuery): Promise<MailboxPage> {
    const now = this.#now();
    const fits = (record: SandboxRecord) =>
      record.confirmed_at === undefined &&
      record.test === address.test &&
      record.available_at <= now.toISOString() &&
      (query.after === undefined || record.record_id > query.after) &&
      (query.datenarten === undefined || query.datenarten.includes(record.datenart)) &&
      (query.from === undefined || record.metas.erstelldatum! >= query.from.replaceAll('-', '')) &&
      (query.to === undefined || record.metas.erstelldatum! <= query.to.replaceAll('-', ''));
    const matching = (await this.#options.store.records(addressOf(address))).filter(fits).sort((a, b) => (a.record_id < b.record_id ? -1 : 1));
    const size = Math.min(query.max, this.#options.pageSize);
    const page = matching.slice(0, size);
    return { records: page.map(listed), ...(matching.length > size && { next: page.at(-1)!.record_id }) };
  }

  async download(address: MailboxAddress, object: MailboxObject): Promise<AsyncIterable<Uint8Array>> {
    const [recordId, part] = object.ref.split('.') as [string, string];
    const mailbox = addressOf(address);
    const record = await this.#options.store.get(mailbox, recordId);
    if (!record || record.confirmed_at !== undefined || this.#expired(record))
      throw new MailboxDownloadError('not_found', `OTTO_TRANSFER_NOT_FOUND: ${object.ref}`);
    await this.#options.store.countDownload(mailbox, recordId);
    // Imported when a notice is first written, as the protocol is (shared/sandbox/sandbox-tax-authority.ts).
    const content = part === 'pdf' ? await (await import('#shared/sandbox/notice-pdf.ts')).noticePdf(record) : Buffer.from(bescheiddatenXml(record), 'latin1');
    const failOnce = record.behaviour === 'failing_download' && record.downloads === 0;
    const slow = record.behaviour === 'slow_download' && record.downloads === 0;
    return (async function* () {
      for (let at = 0; at < content.length; at += blockBytes) {
        if (at + blockBytes >= content.length && slow) await sleep(slowDownloadMs);
        yield content.subarray(at, at + blockBytes);
        if (failOnce) throw new MailboxDownloadError('retry', 'OTTO_TRANSFER_SERVER_FEHLER: the download broke off (simulated)');
      }
    })();
  }

  async confirm(address: MailboxAddress, ids: readonly string[]): Promise<ConfirmResult[]> {
    const mailbox = addressOf(address);
    // Every record the call may confirm counts its attempt as the call arrives, before any is taken.
    const arrived = new Map<string, Arrival>();
    for (const id of ids) {
      const record = await this.#options.store.get(mailbox, id);
      if (record && this.#confirmable(record)) arrived.set(id, { record, attempt: await this.#options.store.countConfirmAttempt(mailbox, id) });
    }
    // A check killed in this wait has stored its notices and confirmed none of them.
    if ([...arrived.values()].some(({ record, attempt }) => record.behaviour === 'held_confirm' && attempt === 1)) await sleep(confirmWaitMs);
    const results: ConfirmResult[] = [];
    for (const id of ids) {
      const outcome = await this.#take(mailbox, id, arrived.get(id));
      results.push({ id, outcome, code: confirmCodes[outcome], message: confirmMessages[outcome] });
    }
    // A check killed in this wait has confirmed its records here without learning so.
    if (results.some(({ id, outcome }) => outcome === 'confirmed' && arrived.get(id)!.record.behaviour === 'slow_confirm')) await sleep(confirmWaitMs);
    return results;
  }

  async status(address: MailboxAddress, provisionTickets: readonly string[]): Promise<Map<string, RecordStatus>> {
    const records = await this.#options.store.records(addressOf(address));
    const byTicket = new Map(records.map((record) => [record.provision_ticket, record]));
    return new Map(
      provisionTickets.map((ticket) => {
        const record = byTicket.get(ticket);
        if (!record) return [ticket, 'unknown'];
        if (record.confirmed_at !== undefined) return [ticket, 'confirmed'];
        if (this.#expired(record)) return [ticket, 'deleted'];
        return [ticket, record.downloads > 0 ? 'fetched' : 'provided'];
      }),
    );
  }

  #confirmable(record: SandboxRecord): boolean {
    return record.confirmed_at === undefined && !this.#expired(record) && record.behaviour !== 'confirm_not_found';
  }

  async #take(mailbox: string, id: string, arrival: Arrival | undefined): Promise<ConfirmResult['outcome']> {
    if (!arrival) return 'not_found';
    if (arrival.record.behaviour === 'confirm_retry' && arrival.attempt === 1) return 'retry';
    return (await this.#options.store.confirm(mailbox, id, this.#now().toISOString())) ? 'confirmed' : 'not_found';
  }

  // ELSTER deletes a record once its `verfuegbarbis` has passed; the sandbox's `expired` records on their first day.
  #expired(record: SandboxRecord): boolean {
    return record.behaviour === 'expired' || record.metas.verfuegbarbis! < day(this.#now());
  }
}

function listed(record: SandboxRecord): MailboxRecord {
  return {
    id: record.record_id,
    provision_ticket: record.provision_ticket,
    datenart: record.datenart,
    metas: record.metas,
    ...(record.behaviour !== 'without_data' && { data: { ref: `${record.record_id}.data`, announced_size: 1_000, content_type: 'application/xml' } }),
    attachments: record.pdf
      ? [
          {
            ref: `${record.record_id}.pdf`,
            announced_size: 10_000,
            file_name: `Bescheid_${record.metas.veranlagungsjahr}.pdf`,
            content_type: 'application/pdf',
          },
        ]
      : [],
  };
}

/**
 * The data package: ELSTER's ESB format is not published beside the interface description, so the
 * sandbox writes its own flat document of the record's values, in ISO-8859-15 as ELSTER's packages are.
 */
export function bescheiddatenXml(record: Pick<SandboxRecord, 'datenart' | 'metas'>): string {
  const fields = Object.entries(record.metas)
    .map(([name, value]) => `  <${name}>${value}</${name}>`)
    .join('\n');
  return `<?xml version="1.0" encoding="ISO-8859-15"?>\n<Bescheiddaten datenart="${record.datenart}" quelle="sandbox">\n${fields}\n</Bescheiddaten>\n`;
}

/** The sandbox's mailbox as the stage's settings make it: records after SANDBOX_NOTICE_DELAY_SECONDS, DIVA as SANDBOX_DIVA_CONSENT says. */
export function sandboxMailboxFromEnv(store: SandboxMailboxStore): SandboxMailbox {
  return new SandboxMailbox({
    store,
    delayMs: wholeNumber(settingNames.sandboxNoticeDelaySeconds, 5, { min: 0, max: 7 * 86_400 }) * 1000,
    divaConsent: process.env[settingNames.sandboxDivaConsent] === undefined || flag(settingNames.sandboxDivaConsent),
    pageSize: 2,
  });
}

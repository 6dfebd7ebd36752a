// An appeal that names a notice of the caller's (`notice_id`): its tax number, year, kind and
// Bescheid date are taken from the notice, filled in before the schema, and a field given beside it
// that says otherwise is refused by name. What the notice does not say (an ESB record names no
// Bescheid date, a real one not the whole tax number) the caller gives, held to what it does say.
import type { Finding, Kind } from '#shared/domain/ticket.ts';
import type { CheckContext, NamedNotice, Prepared } from '#shared/forms/check.ts';
import type { noticeTypes } from '#shared/forms/einspruch/schema.ts';
import { lands, type Land } from '#shared/tax/lands.ts';
import { elsterTaxNumber } from '#shared/tax/tax-number.ts';

type NoticeType = keyof typeof noticeTypes;

/** The kind of notice each DIVA Datenart is (ElsterDatenabholung 31, SSb p.26). */
const byDatenart: Readonly<Record<string, NoticeType>> = {
  DivaBescheidESt: 'income_tax',
  DivaBescheidKSt: 'corporate_income_tax',
  DivaBescheidGewSt: 'trade_tax_base',
  DivaBescheidUSt: 'vat',
  DivaBescheidFEIN: 'separate_uniform_determination',
};

/** The kind of notice that answers a filing of each form, whose Bescheiddaten (ESB) name no kind of their own. */
const byKind: Partial<Record<Kind, NoticeType>> = {
  est: 'income_tax',
  kst: 'corporate_income_tax',
  gewst: 'trade_tax_base',
  ust: 'vat',
  ustva: 'vat_prepayment',
  lsta: 'wage_tax_period',
};

export const noticeTypeOf = (notice: Pick<NamedNotice, 'datenart' | 'kind'>): NoticeType | undefined =>
  byDatenart[notice.datenart] ?? (notice.kind && byKind[notice.kind]);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A tax number as given (13 digits, or a Land's notation), as ELSTER writes it; undefined where the schema is to refuse it. */
function elsterOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!isRecord(value) || typeof value.number !== 'string' || !lands.includes(value.state as Land)) return undefined;
  const converted = elsterTaxNumber(value.state as Land, value.number);
  return 'elster' in converted ? converted.elster : undefined;
}

/** Whether a whole tax number agrees with what the notice keeps of it: its tax office and its last four digits. */
const fitsMasked = (taxNumber: string, notice: NamedNotice) =>
  (notice.tax_office === undefined || taxNumber.startsWith(notice.tax_office)) &&
  (notice.tax_number_masked === undefined || taxNumber.slice(-4) === notice.tax_number_masked.slice(-4));

const refused = (path: string, message: string, code = 'NOTICE_MISMATCH'): Finding => ({ path, code, message, severity: 'error' });

/** The appeal's body completed from the notice it names, or the findings that refuse it; a body naming none, or in XML, as it came. */
export async function fromNotice(input: unknown, context: CheckContext): Promise<Prepared> {
  if (!isRecord(input) || input.notice_id === undefined || input.xml !== undefined) return { input };
  const id = input.notice_id;
  const notice = typeof id === 'string' && context.notice ? await context.notice(id) : undefined;
  if (!notice) return { findings: [refused('notice_id', 'names no notice of yours: it is unknown, deleted or another client’s', 'NOTICE_NOT_FOUND')] };

  // A notice of the wrong shape is the schema's to refuse.
  if (input.notice !== undefined && !isRecord(input.notice)) return { input };
  const given = input.notice ?? {};
  const findings: Finding[] = [];
  const type = noticeTypeOf(notice);
  const completed: Record<string, unknown> = { ...input };
  const notes: Record<string, unknown> = { ...given };

  const givenTaxNumber = input.tax_number === undefined ? undefined : elsterOf(input.tax_number);
  if (notice.tax_number !== undefined) {
    if (givenTaxNumber !== undefined && givenTaxNumber !== notice.tax_number) findings.push(refused('tax_number', 'differs from the tax number of the notice'));
    completed.tax_number = notice.tax_number;
  } else if (input.tax_number === undefined) {
    findings.push(refused('tax_number', 'is required: the notice does not name its whole tax number', 'REQUIRED'));
  } else if (givenTaxNumber !== undefined && !fitsMasked(givenTaxNumber, notice)) {
    findings.push(refused('tax_number', `differs from the tax number of the notice (${notice.tax_number_masked ?? notice.tax_office})`));
  }

  if (notice.year !== undefined) {
    if (input.year !== undefined && input.year !== notice.year) findings.push(refused('year', `differs from the notice’s year, ${notice.year}`));
    completed.year = notice.year;
  }

  if (type !== undefined) {
    if (given.type !== undefined && given.type !== type) findings.push(refused('notice.type', `differs from the kind of the notice, ${type}`));
    notes.type = type;
  } else if (given.type === undefined) {
    findings.push(refused('notice.type', `is required: the notice (${notice.datenart}) does not say which kind it is`, 'REQUIRED'));
  }

  if (notice.date !== undefined) {
    if (given.date !== undefined && given.date !== notice.date)
      findings.push(refused('notice.date', `differs from the notice’s Bescheid date, ${notice.date}`));
    notes.date = notice.date;
  } else if (given.date === undefined) {
    findings.push(refused('notice.date', `is required: the notice (${notice.datenart}) names no Bescheid date`, 'REQUIRED'));
  }

  if (findings.length) return { findings };
  return { input: { ...completed, notice: notes } };
}

// The sandbox's Übertragungsprotokoll, laid out after the one ELSTER hands back: what was sent,
// when it arrived, under which transfer ticket, and the figures it carried. It deliberately shows
// no names, IdNr, address or IBAN: the official protocol does not need them either.

import { PDFDocument, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Kind } from '#shared/domain/ticket.ts';

export interface ProtocolInput {
  ticket: string;
  transferTicket: string;
  kind: Kind;
  test: boolean;
  year: number;
  period?: string;
  /** 13-digit ELSTER format. */
  taxNumber: string;
  datenartVersion: string;
  herstellerId: string;
  /** ISO 8601 UTC receipt time; also the document's dates, so equal input gives equal bytes. */
  receivedAt: string;
  /** The caller's validated body, read defensively: only figures are taken from it. */
  body: unknown;
}

interface Row {
  kz?: string;
  label: string;
  value: string;
}

const pageSize: [number, number] = [595.28, 841.89]; // A4
const margin = 56;
const footerSpace = 40;
const black = rgb(0, 0, 0);
const grey = rgb(0.4, 0.4, 0.4);
const alert = rgb(0.7, 0.1, 0.1);

export async function renderProtocolPdf(input: ProtocolInput): Promise<Uint8Array> {
  // updateMetadata: false keeps pdf-lib from stamping the current time into the document.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const receivedAt = new Date(input.receivedAt);
  const subject = returnTitle(input);
  doc.setTitle('Übertragungsprotokoll');
  doc.setSubject(subject);
  doc.setLanguage('de-DE');
  doc.setProducer('steuerbote');
  doc.setCreator('steuerbote');
  doc.setCreationDate(receivedAt);
  doc.setModificationDate(receivedAt);

  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const writer = pageWriter(doc, regular, input.test);

  writer.line('Übertragungsprotokoll', { font: bold, size: 20, after: 8 });
  writer.line(subject, { font: bold, size: 12, after: 10 });
  if (input.test) writer.line('Testfall / test case — Testmerker 700000004', { font: bold, size: 10, color: alert });
  writer.line('Sandbox — nicht an die Finanzverwaltung übermittelt / not sent to the tax authority', {
    font: bold,
    size: 9,
    color: alert,
    after: 14,
  });

  writer.section('Übermittlung', bold);
  writer.details([
    { label: 'Ticket', value: input.ticket },
    { label: 'Transferticket', value: input.transferTicket },
    { label: 'Eingang', value: berlinTime(receivedAt) },
    { label: 'Steuernummer', value: input.taxNumber },
    { label: 'Datenart', value: input.datenartVersion },
    { label: 'Hersteller-ID', value: input.herstellerId },
  ]);

  const figures = input.kind === 'ustva' ? ustvaRows(input.body) : estRows(input.body);
  writer.section(input.kind === 'ustva' ? 'Kennzahlen' : 'Angaben (Auszug)', bold);
  writer.figures(figures.length > 0 ? figures : [{ label: 'Keine Angaben in strukturierter Form', value: '' }]);

  for (const [index, page] of doc.getPages().entries()) {
    const footer = `steuerbote — Sandbox — Seite ${index + 1} von ${doc.getPageCount()}`;
    page.drawText(footer, { x: margin, y: margin / 2, size: 8, font: regular, color: grey });
  }
  return doc.save();
}

function returnTitle(input: ProtocolInput): string {
  if (input.kind === 'est') return `Einkommensteuererklärung ${input.year}`;
  const period = input.period === undefined ? undefined : periodName(input.period);
  return `Umsatzsteuer-Voranmeldung ${input.year}${period ? `, Zeitraum ${period}` : ''}`;
}

const months = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];

function periodName(period: string): string {
  const code = Number(period);
  if (/^\d{2}$/.test(period) && code >= 1 && code <= 12) return months[code - 1] ?? period;
  if (/^4[1-4]$/.test(period)) return `${code - 40}. Kalendervierteljahr`;
  return period;
}

// Built once: constructing a DateTimeFormat costs more than rendering the rest of a page's text.
const berlinFormat = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

function berlinTime(date: Date): string {
  const parts = berlinFormat.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}, ${part('hour')}:${part('minute')}:${part('second')} Uhr (${part('timeZoneName')})`;
}

// In the form's order; `cents` marks tax amounts, the rest are whole-euro assessment bases.
const kennzahlen: readonly { kz: string; label: string; cents?: true }[] = [
  { kz: '70', label: 'Kleinunternehmergrenze überschritten am' },
  { kz: '41', label: 'Innergem. Lieferungen an Abnehmer mit USt-IdNr.' },
  { kz: '43', label: 'Weitere steuerfreie Umsätze mit Vorsteuerabzug' },
  { kz: '48', label: 'Steuerfreie Umsätze ohne Vorsteuerabzug' },
  { kz: '81', label: 'Steuerpflichtige Umsätze 19 %' },
  { kz: '86', label: 'Steuerpflichtige Umsätze 7 %' },
  { kz: '87', label: 'Umsätze zum Steuersatz 0 %' },
  { kz: '35', label: 'Umsätze zu anderen Steuersätzen' },
  { kz: '36', label: 'Steuer zu anderen Steuersätzen', cents: true },
  { kz: '89', label: 'Innergem. Erwerbe 19 %' },
  { kz: '93', label: 'Innergem. Erwerbe 7 %' },
  { kz: '46', label: 'Sonstige Leistungen nach § 13b Abs. 1 UStG' },
  { kz: '47', label: 'Steuer zu Kz 46', cents: true },
  { kz: '84', label: 'Andere Leistungen nach § 13b UStG' },
  { kz: '85', label: 'Steuer zu Kz 84', cents: true },
  { kz: '60', label: 'Umsätze, für die der Empfänger die Steuer schuldet' },
  { kz: '21', label: 'Nicht steuerbare sonstige Leistungen (EU)' },
  { kz: '45', label: 'Übrige nicht steuerbare Umsätze' },
  { kz: '66', label: 'Vorsteuer aus Rechnungen anderer Unternehmer', cents: true },
  { kz: '61', label: 'Vorsteuer aus innergem. Erwerben', cents: true },
  { kz: '62', label: 'Entstandene Einfuhrumsatzsteuer', cents: true },
  { kz: '67', label: 'Vorsteuer aus Leistungen nach § 13b UStG', cents: true },
  { kz: '39', label: 'Abzug der Sondervorauszahlung', cents: true },
  { kz: '83', label: 'Verbleibende Vorauszahlung / Überschuss', cents: true },
];

const ustvaFlags = [
  { field: 'corrected', kz: '10', label: 'Berichtigte Anmeldung' },
  { field: 'documents_separate', kz: '22', label: 'Belege werden gesondert eingereicht' },
  { field: 'direct_debit_revoked', kz: '26', label: 'Lastschrifteinzugsermächtigung widerrufen' },
  { field: 'refund_offset', kz: '29', label: 'Verrechnung des Erstattungsbetrags' },
] as const;

function ustvaRows(body: unknown): Row[] {
  const flags = field(body, 'flags');
  const flagRows = ustvaFlags.filter((flag) => field(flags, flag.field) === true).map((flag) => ({ kz: flag.kz, label: flag.label, value: 'ja' }));

  const given = field(body, 'kennzahlen');
  if (!isRecord(given)) return flagRows;
  const formOrder = (kz: string) => {
    const index = kennzahlen.findIndex((known) => known.kz === kz);
    return index === -1 ? kennzahlen.length + Number(kz) : index;
  };
  const amountRows = Object.entries(given)
    .map(([key, value]) => ({ kz: /^kz(\d{2})$/.exec(key)?.[1], value }))
    .filter((entry): entry is { kz: string; value: unknown } => entry.kz !== undefined)
    .sort((a, b) => formOrder(a.kz) - formOrder(b.kz))
    .flatMap(({ kz, value }) => {
      const known = kennzahlen.find((entry) => entry.kz === kz);
      const shown = kennzahlValue(value, known?.cents ?? false);
      return shown === undefined ? [] : [{ kz, label: known?.label ?? '', value: shown }];
    });
  return [...flagRows, ...amountRows];
}

function kennzahlValue(value: unknown, cents: boolean): string | undefined {
  const amount = toAmount(value);
  if (amount !== undefined) return money(amount, cents || !Number.isInteger(amount));
  // Kz 70 (from 2025) is a date rather than an amount.
  if (typeof value === 'string') {
    const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return date ? `${date[3]}.${date[2]}.${date[1]}` : value;
  }
  return undefined;
}

const estDeductions = [
  { field: 'health_insurance', label: 'Kranken- und Pflegeversicherung' },
  { field: 'donations', label: 'Spenden und Mitgliedsbeiträge' },
  { field: 'church_tax_paid', label: 'Gezahlte Kirchensteuer' },
  { field: 'household_services', label: 'Haushaltsnahe Dienstleistungen' },
  { field: 'craftsman_services', label: 'Handwerkerleistungen' },
  { field: 'medical_costs', label: 'Krankheitskosten' },
] as const;

const estWageSums = [
  { field: 'gross_wage', label: 'Bruttoarbeitslohn (Summe)' },
  { field: 'income_tax_withheld', label: 'Einbehaltene Lohnsteuer' },
  { field: 'solidarity_surcharge_withheld', label: 'Einbehaltener Solidaritätszuschlag' },
  { field: 'church_tax_withheld', label: 'Einbehaltene Kirchensteuer' },
] as const;

function estRows(body: unknown): Row[] {
  const rows: Row[] = [];
  const joint = field(body, 'joint_assessment');
  if (typeof joint === 'boolean') rows.push({ label: 'Zusammenveranlagung', value: joint ? 'ja' : 'nein' });

  const employment = field(body, 'employment');
  if (Array.isArray(employment) && employment.length > 0) {
    rows.push({ label: 'Arbeitsverhältnisse', value: String(employment.length) });
    for (const { field: name, label } of estWageSums) {
      const amounts = employment.map((entry) => toAmount(field(entry, name))).filter((amount) => amount !== undefined);
      // Summed in cents so decimal strings add up exactly.
      const cents = amounts.reduce((sum, amount) => sum + Math.round(amount * 100), 0);
      if (amounts.length > 0) rows.push({ label, value: money(cents / 100, true) });
    }
  }
  const pensions = field(body, 'pensions');
  if (Array.isArray(pensions) && pensions.length > 0) rows.push({ label: 'Renten', value: String(pensions.length) });

  const deductions = field(body, 'deductions');
  for (const { field: name, label } of estDeductions) {
    const amount = toAmount(field(deductions, name));
    if (amount !== undefined) rows.push({ label, value: money(amount, true) });
  }
  return rows;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (value: unknown, name: string): unknown => (isRecord(value) ? value[name] : undefined);

function toAmount(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

const withCents = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeEuros = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 0 });
const money = (amount: number, cents: boolean) => `${(cents ? withCents : wholeEuros).format(amount)} €`;

interface LineStyle {
  font: PDFFont;
  size: number;
  color?: ReturnType<typeof rgb>;
  /** Extra space below the line. */
  after?: number;
}

/** Writes top-down, starting a new page when the current one is full. */
function pageWriter(doc: PDFDocument, regular: PDFFont, test: boolean) {
  const width = pageSize[0] - 2 * margin;
  const labelColumn = 110;
  const kzColumn = 36;
  const amountColumn = 130;
  // Both Helvetica faces share the WinAnsi encoding, so one character set serves them.
  const encodable = new Set(regular.getCharacterSet());
  let page = newPage();
  let y = pageSize[1] - margin;

  function newPage(): PDFPage {
    const added = doc.addPage(pageSize);
    if (test) {
      added.drawText('TESTFALL', { x: 150, y: 250, size: 90, font: regular, color: rgb(0.85, 0.85, 0.85), rotate: degrees(45) });
    }
    return added;
  }

  function advance(height: number) {
    if (y - height < margin + footerSpace) {
      page = newPage();
      y = pageSize[1] - margin;
    }
    y -= height;
  }

  function text(value: string, x: number, maxWidth: number, style: LineStyle, alignRight = false) {
    const shown = fit(winAnsi(value, encodable), style.font, style.size, maxWidth);
    const offset = alignRight ? maxWidth - style.font.widthOfTextAtSize(shown, style.size) : 0;
    page.drawText(shown, { x: x + offset, y, size: style.size, font: style.font, color: style.color ?? black });
  }

  function line(value: string, style: LineStyle) {
    advance(style.size * 1.3);
    text(value, margin, width, style);
    y -= style.after ?? 2;
  }

  function section(title: string, bold: PDFFont) {
    line(title, { font: bold, size: 11, after: 4 });
    page.drawLine({ start: { x: margin, y: y + 2 }, end: { x: margin + width, y: y + 2 }, thickness: 0.5, color: grey });
    y -= 4;
  }

  /** Label and a long value (tickets, times) beside it. */
  function details(rows: readonly Row[]) {
    const style = { font: regular, size: 10 };
    for (const row of rows) {
      advance(14);
      text(row.label, margin, labelColumn - 8, style);
      text(row.value, margin + labelColumn, width - labelColumn, style);
    }
    y -= 12;
  }

  /** Kennzahl, label, and the amount aligned right as on the form. */
  function figures(rows: readonly Row[]) {
    const style = { font: regular, size: 10 };
    for (const row of rows) {
      advance(14);
      const labelX = row.kz === undefined ? margin : margin + kzColumn;
      if (row.kz !== undefined) text(`Kz ${row.kz}`, margin, kzColumn, style);
      text(row.label, labelX, width - amountColumn - (labelX - margin) - 8, style);
      text(row.value, margin + width - amountColumn, amountColumn, style, true);
    }
    y -= 12;
  }

  return { line, section, details, figures };
}

// Helvetica as a standard font only encodes WinAnsi: keep what it can show, strip accents it
// cannot, and put "?" for the rest rather than letting pdf-lib throw.
function winAnsi(value: string, supported: ReadonlySet<number>): string {
  const encodable = (text: string) => text !== '' && [...text].every((char) => supported.has(char.codePointAt(0) ?? -1));
  return [...value.normalize('NFC').replace(/\s/g, ' ').replace(/[\u2010\u2011\u2212]/g, '-')]
    .map((char) => {
      if (encodable(char)) return char;
      const stripped = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return encodable(stripped) ? stripped : '?';
    })
    .join('');
}

function fit(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let shortened = value;
  while (shortened.length > 0 && font.widthOfTextAtSize(`${shortened}…`, size) > maxWidth) shortened = shortened.slice(0, -1);
  return `${shortened}…`;
}

// The sandbox's Übertragungsprotokoll, laid out after the one ELSTER hands back: what was sent,
// when it arrived, under which transfer ticket, and the figures it carried. It deliberately shows
// no names, IdNr, address or IBAN: the official protocol does not need them either.

import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { deflateSync } from 'node:zlib';
import { PDFContentStream, PDFDocument, PDFRawStream, StandardFonts, degrees, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Kind } from '#shared/domain/ticket.ts';
import type { UstvaType } from '#shared/domain/ticket.ts';

export interface ProtocolInput {
  ticket: string;
  transferTicket: string;
  kind: Kind;
  /** A UStVA's filing; a `voranmeldung` unless said otherwise. */
  type?: UstvaType;
  test: boolean;
  year: number;
  period?: string;
  /** 13-digit ELSTER format. */
  taxNumber: string;
  datenartVersion: string;
  herstellerId: string;
  /** ISO 8601 UTC receipt time; also the document's dates, so equal input gives equal bytes. */
  receivedAt: string;
  /** The figures of the return as transmitted, in the form's words (see shared/forms/ustva/protocol-rows.ts). */
  figures: readonly ProtocolRow[];
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

  writer.section(input.kind === 'ustva' && (input.type ?? 'voranmeldung') === 'voranmeldung' ? 'Kennzahlen' : 'Angaben (Auszug)', bold);
  writer.figures(input.figures.length > 0 ? input.figures : [{ label: 'Keine Angaben in strukturierter Form', value: '' }]);

  for (const [index, page] of doc.getPages().entries()) {
    const footer = `steuerbote — Sandbox — Seite ${index + 1} von ${doc.getPageCount()}`;
    page.drawText(footer, { x: margin, y: margin / 2, size: 8, font: regular, color: grey });
  }
  deflateNatively(doc);
  // Without object streams, which pdf-lib would deflate in JavaScript too; the file grows by about 1.2 KB.
  return doc.save({ useObjectStreams: false });
}

// pdf-lib deflates page contents in JavaScript (pako), which was half of a protocol's rendering
// time; Node's zlib gives the same FlateDecode stream natively (BENCHMARKS.md, 2026-11-25).
function deflateNatively(doc: PDFDocument): void {
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (object instanceof PDFContentStream) doc.context.assign(ref, PDFRawStream.of(object.dict, deflateSync(object.getUnencodedContents())));
  }
}

function returnTitle(input: ProtocolInput): string {
  if (input.kind === 'est') return `Einkommensteuererklärung ${input.year}`;
  if (input.type === 'dauerfristverlaengerung') return `Antrag auf Dauerfristverlängerung ${input.year}`;
  if (input.type === 'sondervorauszahlung') return `Anmeldung der Sondervorauszahlung ${input.year} (Dauerfristverlängerung)`;
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
    const shown = clipToWidth(winAnsi(value, encodable), style.font, style.size, maxWidth);
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
  function details(rows: readonly ProtocolRow[]) {
    const style = { font: regular, size: 10 };
    for (const row of rows) {
      advance(14);
      text(row.label, margin, labelColumn - 8, style);
      text(row.value, margin + labelColumn, width - labelColumn, style);
    }
    y -= 12;
  }

  /** Kennzahl, the label in full (wrapped, as the form's lines are), and the amount aligned right on its first line. */
  function figures(rows: readonly ProtocolRow[]) {
    const style = { font: regular, size: 10 };
    for (const row of rows) {
      const labelX = row.kz === undefined ? margin : margin + kzColumn;
      const labelWidth = width - amountColumn - (labelX - margin) - 8;
      const [first = '', ...rest] = wrapToWidth(winAnsi(row.label, encodable), style.font, style.size, labelWidth);
      advance(14);
      if (row.kz !== undefined) text(`Kz ${row.kz}`, margin, kzColumn, style);
      text(first, labelX, labelWidth, style);
      text(row.value, margin + width - amountColumn, amountColumn, style, true);
      for (const more of rest) {
        advance(12);
        text(more, labelX, labelWidth, style);
      }
    }
    y -= 12;
  }

  return { line, section, details, figures };
}

// Helvetica as a standard font only encodes WinAnsi: keep what it can show, strip accents it
// cannot, and put "?" for the rest rather than letting pdf-lib throw.
function winAnsi(value: string, supported: ReadonlySet<number>): string {
  const encodable = (text: string) => text !== '' && [...text].every((char) => supported.has(char.codePointAt(0) ?? -1));
  return [
    ...value
      .normalize('NFC')
      .replace(/\s/g, ' ')
      .replace(/[\u2010\u2011\u2212]/g, '-'),
  ]
    .map((char) => {
      if (encodable(char)) return char;
      const stripped = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return encodable(stripped) ? stripped : '?';
    })
    .join('');
}

/** Lines of at most `maxWidth`, broken between words; a word longer than a line is clipped. */
function wrapToWidth(value: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of value.split(' ').filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (!current || font.widthOfTextAtSize(candidate, size) <= maxWidth) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  return [...lines, current];
}

function clipToWidth(value: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(value, size) <= maxWidth) return value;
  let shortened = value;
  while (shortened.length > 0 && font.widthOfTextAtSize(`${shortened}…`, size) > maxWidth) shortened = shortened.slice(0, -1);
  return `${shortened}…`;
}

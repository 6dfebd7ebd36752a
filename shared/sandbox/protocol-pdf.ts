// The sandbox's Übertragungsprotokoll, laid out after the one ELSTER hands back: what was sent,
// when it arrived, under which transfer ticket, for whom and to which tax office, and the figures it
// carried, each computed tax beside its base. It shows no IdNr, address or IBAN: the official
// protocol does not need them either. Whatever it is handed, it costs a bounded time: every text is
// cut to its line (shared/sandbox/fitted-text.ts), a figure's label takes at most `maxLabelLines`
// lines and the figures at most `maxFigureLines`, the rows beyond counted in a last one. Written
// with pdf-lib in two faces embedded as subsets (shared/sandbox/fonts.ts), so every reader shows it alike.

import { berlinWallClock, isBerlinSummerTime } from '#shared/domain/berlin-date.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { landNotation } from '#shared/tax/tax-number.ts';
import { taxOfficeName } from '#shared/tax/tax-offices.ts';
import { clipToWidth, wrapToWidth } from '#shared/sandbox/fitted-text.ts';
import { PageContents, type Color } from '#shared/sandbox/page-contents.ts';
import { pageSize, sandboxDocument, type Typeface } from '#shared/sandbox/sandbox-pdf.ts';

export interface ProtocolInput {
  ticket: string;
  transferTicket: string;
  /** What was filed, in the form's words (its module's re-check, shared/forms/form.ts). */
  title: string;
  /** The heading of the figures. */
  section: string;
  test: boolean;
  /** Whom the filing is for, as its Nutzdaten name them. */
  taxpayer?: string;
  /** The caller's `client_reference`. */
  clientReference?: string;
  /** The subject of the client's certificate that signed; absent when the stage's certificate did. */
  certificateSubject?: string;
  /** 13-digit ELSTER format; absent for a first income tax return, which names only its tax office. */
  taxNumber?: string;
  /** The tax office's 4-digit number (Bundesfinanzamtsnummer). */
  taxOffice: string;
  /** The USt-IdNr of a form filed by it (the ZM), shown instead of a tax office and tax number. */
  vatId?: string;
  datenartVersion: string;
  herstellerId: string;
  /** ISO 8601 UTC receipt time; also the document's dates, so equal input gives equal bytes. */
  receivedAt: string;
  /** The figures of the return as transmitted, in the form's words (see shared/forms/ustva/protocol-rows.ts). */
  figures: readonly ProtocolRow[];
}

/** Lines the figures take at most, about 50 pages: a ZM's 1,500 lines and its other rows fit whole. */
export const maxFigureLines = 2_500;
/** Lines one figure's label takes at most (a UStVA's Kz 23 text of 180 characters takes 5); the last ends in "…" when more is left. */
export const maxLabelLines = 8;

const margin = 56;
const footerSpace = 40;
const black: Color = [0, 0, 0];
const grey: Color = [0.4, 0.4, 0.4];
const alert: Color = [0.7, 0.1, 0.1];

export async function renderProtocolPdf(input: ProtocolInput): Promise<Uint8Array> {
  const receivedAt = new Date(input.receivedAt);
  const { regular, bold, save } = await sandboxDocument(input.ticket);
  const writer = pageWriter(input.test, regular, bold);

  writer.line('Übertragungsprotokoll', { face: bold, size: 20, after: 8 });
  // The document's subject is the title as its page shows it, so it is bounded as well.
  const subject = writer.line(input.title, { face: bold, size: 12, after: 10 });
  if (input.test) writer.line('Testfall / test case — Testmerker 700000004', { face: bold, size: 10, color: alert });
  writer.line('Sandbox — nicht an die Finanzverwaltung übermittelt / not sent to the tax authority', {
    face: bold,
    size: 9,
    color: alert,
    after: 14,
  });

  writer.section('Übermittlung');
  writer.details([
    { label: 'Ticket', value: input.ticket },
    { label: 'Transferticket', value: input.transferTicket },
    { label: 'Eingang', value: berlinTime(receivedAt) },
    { label: 'Datenart', value: input.datenartVersion },
    { label: 'Hersteller-ID', value: input.herstellerId },
    ...(input.clientReference !== undefined ? [{ label: 'Ihre Referenz', value: input.clientReference }] : []),
    { label: 'Signiert mit', value: input.certificateSubject ?? 'dem Zertifikat des Dienstes / the service’s certificate' },
  ]);

  writer.section('Steuerpflichtige(r) und Finanzamt');
  writer.details([
    ...(input.taxpayer !== undefined ? [{ label: 'Für', value: input.taxpayer }] : []),
    ...(input.vatId !== undefined
      ? [{ label: 'USt-IdNr.', value: input.vatId }]
      : [
          { label: 'Finanzamt', value: taxOfficeName(input.taxOffice) },
          { label: 'Steuernummer', value: input.taxNumber === undefined ? '– (Erstantrag)' : officeNotation(input.taxNumber) },
        ]),
  ]);

  writer.section(input.section);
  writer.figures(input.figures.length > 0 ? input.figures : [{ label: 'Keine Angaben in strukturierter Form', value: '' }]);

  for (const [index, contents] of writer.pages.entries()) {
    const footer = `steuerbote — Sandbox — Seite ${index + 1} von ${writer.pages.length}`;
    contents.text(footer, { x: margin, y: margin / 2, size: 8, font: regular.font, resource: regular.resource, color: grey });
  }
  // The receipt time is also the document's date, so equal input gives equal bytes.
  return save(writer.pages, { title: 'Übertragungsprotokoll', subject, date: receivedAt });
}

/** As the tax office writes it on its letters, with its Land and ELSTER's 13 digits beside: "198/113/10010 (BY; ELSTER 9198011310010)". */
function officeNotation(elster: string): string {
  const written = landNotation(elster);
  return written ? `${written.number} (${written.state}; ELSTER ${elster})` : elster;
}

function berlinTime(date: Date): string {
  const [day, time] = berlinWallClock(date).toISOString().split('T') as [string, string];
  const [year, month, dayOfMonth] = day.split('-');
  return `${dayOfMonth}.${month}.${year}, ${time.slice(0, 8)} Uhr (${isBerlinSummerTime(date) ? 'MESZ' : 'MEZ'})`;
}

interface LineStyle {
  face: Typeface;
  size: number;
  color?: Color;
  /** Extra space below the line. */
  after?: number;
}

/** Writes top-down, starting a new page when the current one is full. */
function pageWriter(test: boolean, regular: Typeface, bold: Typeface) {
  const width = pageSize[0] - 2 * margin;
  const labelColumn = 110;
  const kzColumn = 36;
  const amountColumn = 130;
  /** Amount and tax side by side, when a row has a tax. */
  const pairColumn = 100;
  const pages: PageContents[] = [];
  let page = newPage();
  let y = pageSize[1] - margin;

  function newPage(): PageContents {
    const added = new PageContents();
    if (test)
      added.text('TESTFALL', { x: 150, y: 250, size: 90, font: regular.font, resource: regular.resource, color: [0.85, 0.85, 0.85], rotateDegrees: 45 });
    pages.push(added);
    return added;
  }

  function advance(height: number) {
    if (y - height < margin + footerSpace) {
      page = newPage();
      y = pageSize[1] - margin;
    }
    y -= height;
  }

  /** Draws as much of `value` as fits, and answers what it drew. */
  function text(value: string, x: number, maxWidth: number, style: LineStyle, alignRight = false): string {
    const shown = clipToWidth(value, style.face.metrics, style.size, maxWidth);
    const offset = alignRight ? maxWidth - style.face.metrics.width(shown, style.size) : 0;
    page.text(shown, { x: x + offset, y, size: style.size, font: style.face.font, resource: style.face.resource, color: style.color ?? black });
    return shown;
  }

  function line(value: string, style: LineStyle): string {
    advance(style.size * 1.3);
    const shown = text(value, margin, width, style);
    y -= style.after ?? 2;
    return shown;
  }

  function section(title: string) {
    line(title, { face: bold, size: 11, after: 4 });
    page.rule({ x: margin, y: y + 2 }, { x: margin + width, y: y + 2 }, 0.5, grey);
    y -= 4;
  }

  /** Label and a long value (tickets, times) beside it. */
  function details(rows: readonly ProtocolRow[]) {
    const style = { face: regular, size: 10 };
    for (const row of rows) {
      advance(14);
      text(row.label, margin, labelColumn - 8, style);
      text(row.value, margin + labelColumn, width - labelColumn, style);
    }
    y -= 12;
  }

  /**
   * Kennzahl, the label wrapped as the form's lines are (on at most `maxLabelLines`), and the amount
   * aligned right on its first line; where rows carry a computed tax, amount and tax in two columns under a heading.
   * A row that would take the figures past `maxFigureLines` is not shown, nor any after it: one
   * line says how many are left out.
   */
  function figures(rows: readonly ProtocolRow[]) {
    const style = { face: regular, size: 10 };
    const withTax = rows.some((row) => row.tax !== undefined);
    const valuesWidth = withTax ? 2 * pairColumn : amountColumn;
    if (withTax) {
      const heading = { face: bold, size: 8, color: grey };
      advance(12);
      text('Betrag', margin + width - 2 * pairColumn, pairColumn, heading, true);
      text('Steuer', margin + width - pairColumn, pairColumn, heading, true);
    }
    let lines = 0;
    for (const [index, row] of rows.entries()) {
      const labelX = row.kz === undefined ? margin : margin + kzColumn;
      const labelWidth = width - valuesWidth - (labelX - margin) - 8;
      const [first = '', ...rest] = wrapToWidth(row.label, style.face.metrics, style.size, labelWidth, maxLabelLines);
      // A Kennzahl with a part beside its number (LStA "42 Vorjahr") wraps in its column, never cut.
      const [kz, ...kzRest] = row.kz === undefined ? [] : wrapToWidth(`Kz ${row.kz}`, style.face.metrics, style.size, kzColumn - 2, maxLabelLines);
      const more = Math.max(rest.length, kzRest.length);
      lines += 1 + more;
      // One line stays for the count of the rows left out.
      if (lines > maxFigureLines - (index < rows.length - 1 ? 1 : 0)) {
        const left = rows.length - index;
        advance(14);
        text(`… und ${left} weitere Angaben, hier nicht gezeigt / ${left} more not shown`, margin, width, style);
        break;
      }
      advance(14);
      if (kz !== undefined) text(kz, margin, kzColumn, style);
      text(first, labelX, labelWidth, style);
      if (withTax) {
        text(row.value, margin + width - 2 * pairColumn, pairColumn, style, true);
        if (row.tax !== undefined) text(row.tax, margin + width - pairColumn, pairColumn, style, true);
      } else text(row.value, margin + width - amountColumn, amountColumn, style, true);
      for (let next = 0; next < more; next++) {
        advance(12);
        if (kzRest[next] !== undefined) text(kzRest[next]!, margin, kzColumn, style);
        if (rest[next] !== undefined) text(rest[next]!, labelX, labelWidth, style);
      }
    }
    y -= 12;
  }

  return { pages, line, section, details, figures };
}

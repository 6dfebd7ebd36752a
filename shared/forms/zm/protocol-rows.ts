// The ZM's protocol: its title and rows, from the Nutzdaten as transmitted, in the words of the
// workbook's fields (shared/elster/rules/Jahresdokumentation_ZMDO.xml, sheet "ZMDO - Felder").
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { lineKinds, zmPeriodQuart, type ZmFigures } from '#shared/forms/zm/model.ts';
import { germanEuros } from '#shared/tax/money.ts';

const monthNames = ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'];
const twoMonths: Record<string, string> = { '11': 'Januar–Februar', '12': 'April–Mai', '13': 'Juli–August', '14': 'Oktober–November' };

const kindLabels: Record<keyof typeof lineKinds, string> = {
  goods: 'Innergemeinschaftliche Lieferung',
  triangular_trade: 'Dreiecksgeschäft',
  services: 'Sonstige Leistung',
};

/** The period as the workbook's field quart names it, with the year. */
function periodLabel(period: string | undefined, year: number): string {
  const quart = Number(zmPeriodQuart[period ?? '']);
  if (quart >= 21) return `${monthNames[quart - 21]} ${year}`;
  if (quart >= 11) return `${twoMonths[String(quart)]} ${year}`;
  if (quart === 5) return `Kalenderjahr ${year}`;
  return quart >= 1 ? `${quart}. Quartal ${year}` : String(year);
}

export const zmProtocolTitle = (year: number, period: string | undefined) => `Zusammenfassende Meldung ${periodLabel(period, year)}`;

/** The report's kind and choices, each line (kind, customer, amount), and the total. */
export function zmRows(figures: ZmFigures): ProtocolRow[] {
  const rows: ProtocolRow[] = [{ label: 'Meldeart', value: figures.flags.corrected ? 'Berichtigte Meldung' : 'Erstmeldung' }];
  if (figures.flags.monthly_notice) rows.push({ label: 'Anzeige: künftig monatliche Abgabe (§ 18a Abs. 1 UStG)', value: 'Ja' });
  if (figures.flags.monthly_revoked) rows.push({ label: 'Widerruf der Anzeige nach § 18a Abs. 1 UStG', value: 'Ja' });
  let total = 0;
  for (const [index, line] of figures.lines.entries()) {
    total += line.amount;
    rows.push({ label: `${index + 1}. ${kindLabels[line.kind]}, ${line.customer_vat_id}`, value: germanEuros(line.amount * 100, false) });
  }
  rows.push({ label: 'Summe (Euro)', value: germanEuros(total * 100, false) });
  return rows;
}

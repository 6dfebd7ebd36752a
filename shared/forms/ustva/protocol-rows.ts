// The figures a protocol shows, taken from the Nutzdaten as transmitted rather than from the
// request, so the protocol shows what the tax authority received.

import { flagKennzahlen } from '#shared/forms/ustva/xml-writer.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import { taxOnBase } from '#shared/forms/ustva/rules.ts';
import type { SpecialFigures, UstvaFigures, UstvaFlags } from '#shared/forms/ustva/model.ts';
import type { UstvaType } from '#shared/forms/ustva/facts.ts';
import { periodName } from '#shared/forms/filing-window.ts';

const flagLabels: Record<keyof typeof flagKennzahlen, string> = {
  corrected: 'Berichtigte Anmeldung',
  documents_separate: 'Belege werden gesondert eingereicht',
  supplementary: 'Weitere oder abweichende Angaben oder Sachverhalte sind zu berücksichtigen',
  direct_debit_revoked: 'Lastschrifteinzugsermächtigung widerrufen',
  refund_offset: 'Verrechnung des Erstattungsbetrags',
};

const kz38Label = 'Sondervorauszahlung: 1/11 der Summe der Vorauszahlungen und der Sondervorauszahlung des Vorjahres';

/** The rows of a filing: its flags, then its Kennzahlen in the order of the form's lines, Kz 83 last as the result. */
export function ustvaRows(figures: UstvaFigures | SpecialFigures): ProtocolRow[] {
  const flags = flagRows(figures.flags);
  if (!('kennzahlen' in figures))
    return figures.kz38 === undefined ? flags : [...flags, { kz: '38', label: kz38Label, value: germanEuros(toCents(figures.kz38), false) }];
  const form = ustvaForm(figures.year);
  // kennzahlen.ts lists each form's Kennzahlen in the order of its lines.
  const order = [...(form?.keys() ?? [])].filter((kz) => kz !== '83');
  const position = (kz: string) => (kz === '83' ? order.length : order.indexOf(kz));
  const kennzahlen = Object.entries(figures.kennzahlen)
    .map(([key, value]) => ({ kz: key.replace(/^kz/, ''), value }))
    .sort((a, b) => position(a.kz) - position(b.kz))
    .map(({ kz, value }) => {
      const spec = form?.get(kz);
      const shown = spec?.kind === 'date' ? elsterDate(String(value)) : germanEuros(toCents(value), spec?.kind === 'tax');
      const tax = spec?.rate === undefined ? undefined : germanEuros(taxOnBase(toCents(value), spec.rate), true);
      return { kz, label: spec?.label ?? '', value: shown, ...(tax !== undefined && { tax }) };
    });
  return [...flags, ...kennzahlen];
}

function flagRows(flags: UstvaFlags | undefined): ProtocolRow[] {
  const set = (Object.keys(flagKennzahlen) as (keyof typeof flagKennzahlen)[])
    .filter((flag) => flags?.[flag] === true)
    .map((flag) => ({ kz: flagKennzahlen[flag], label: flagLabels[flag], value: 'ja' }));
  return flags?.supplementary_text === undefined ? set : [...set, { label: `Ergänzende Angaben: ${flags.supplementary_text}`, value: '' }];
}

/** The protocol's title of a filing; `period` is the ticket's. */
export function ustvaProtocolTitle(type: UstvaType, year: number, period: string | undefined): string {
  if (type === 'dauerfristverlaengerung') return `Antrag auf Dauerfristverlängerung ${year}`;
  if (type === 'sondervorauszahlung') return `Anmeldung der Sondervorauszahlung ${year} (Dauerfristverlängerung)`;
  const name = period === undefined ? undefined : periodName(period);
  return `Umsatzsteuer-Voranmeldung ${year}${name ? `, Zeitraum ${name}` : ''}`;
}

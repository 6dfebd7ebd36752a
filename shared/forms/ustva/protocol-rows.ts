// The figures a protocol shows, taken from the Nutzdaten as transmitted rather than from the
// request, so the protocol shows what the tax authority received.

import { flagKennzahlen } from '#shared/forms/ustva/xml-writer.ts';
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';

const flagLabels: Record<keyof typeof flagKennzahlen, string> = {
  corrected: 'Berichtigte Anmeldung',
  documents_separate: 'Belege werden gesondert eingereicht',
  direct_debit_revoked: 'Lastschrifteinzugsermächtigung widerrufen',
  refund_offset: 'Verrechnung des Erstattungsbetrags',
};

export function ustvaRows(figures: UstvaFigures): ProtocolRow[] {
  const form = ustvaForm(figures.year);
  const flags = (Object.keys(flagKennzahlen) as (keyof typeof flagKennzahlen)[])
    .filter((flag) => figures.flags?.[flag] === true)
    .map((flag) => ({ kz: flagKennzahlen[flag], label: flagLabels[flag], value: 'ja' }));
  const kennzahlen = Object.entries(figures.kennzahlen)
    .map(([key, value]) => ({ kz: key.replace(/^kz/, ''), value }))
    .sort((a, b) => Number(a.kz) - Number(b.kz))
    .map(({ kz, value }) => {
      const spec = form?.get(kz);
      const shown = spec?.kind === 'date' ? elsterDate(String(value)) : germanEuros(toCents(value), spec?.kind === 'tax');
      return { kz, label: spec?.label ?? '', value: shown };
    });
  return [...flags, ...kennzahlen];
}

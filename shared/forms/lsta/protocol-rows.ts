// The figures a protocol shows, taken from the Nutzdaten as transmitted rather than from the
// request, so the protocol shows what the tax authority received.
import type { ProtocolRow } from '#shared/forms/protocol-row.ts';
import { periodName } from '#shared/forms/filing-window.ts';
import { flagKennzahlen, type LstaFlag, lstaKennzahlen } from '#shared/forms/lsta/kennzahlen.ts';
import type { LstaFigures } from '#shared/forms/lsta/model.ts';
import { germanEuros, toCents } from '#shared/tax/money.ts';

const flagLabels: Record<LstaFlag, string> = {
  corrected: 'Berichtigte Anmeldung',
  liability_declaration: 'Haftungserklärung bei Vermögensbeteiligungen (§ 19a Abs. 4a EStG)',
  supplementary: 'Weitere oder abweichende Angaben oder Sachverhalte sind zu berücksichtigen',
  direct_debit_revoked: 'SEPA-Lastschriftmandat für diesen Zeitraum widerrufen',
  refund_offset: 'Verrechnung des Erstattungsbetrags erwünscht / Erstattungsbetrag abgetreten',
};

/** The rows of a return: its flags, then its Kennzahlen in the order of the form, each with its label. */
export function lstaRows(figures: LstaFigures): ProtocolRow[] {
  const flags = (Object.keys(flagKennzahlen) as LstaFlag[])
    .filter((flag) => figures.flags?.[flag] === true)
    .map((flag): ProtocolRow => ({ kz: flagKennzahlen[flag], label: flagLabels[flag], value: 'ja' }));
  const text = figures.flags?.supplementary_text;
  const kennzahlen = (lstaKennzahlen(figures.year) ?? []).flatMap((spec): ProtocolRow[] => {
    const value = figures.kennzahlen[spec.element.toLowerCase()];
    if (value === undefined) return [];
    const shown = spec.kind === 'amount' ? germanEuros(toCents(value), true) : String(value);
    return [{ kz: spec.element.replace(/^Kz/, '').replace('_', ' '), label: spec.label, value: shown }];
  });
  return [...flags, ...(text === undefined ? [] : [{ label: `Ergänzende Angaben: ${text}`, value: '' }]), ...kennzahlen];
}

/** The protocol's title; `period` is the ticket's. */
export function lstaProtocolTitle(year: number, period: string | undefined): string {
  return `Lohnsteuer-Anmeldung ${year}${period === undefined ? '' : `, Zeitraum ${periodName(period)}`}`;
}

// The UStVA's year figure: what each filing declares as prepaid for its period, for the hint that
// holds the annual VAT return's Vorauszahlungssoll to the UStVAs of its year (shared/submission/
// hints-across.ts): a Voranmeldung's remaining amount (Kz 83, after the special prepayment is
// credited in the last period, Kz 39) and a Sondervorauszahlung's Kz 38; a Dauerfristverlängerung
// declares none. It declares no profit.
import type { Profit } from '#shared/forms/form.ts';
import type { UstvaFiling } from '#shared/forms/ustva/schema.ts';
import { kz38From } from '#shared/forms/ustva/special-filings.ts';
import { isAmount, toCents } from '#shared/tax/money.ts';
import { readXml, type XmlTree } from '#shared/xml/xml.ts';

export const profit: Profit | undefined = undefined;

const child = (node: XmlTree | undefined, name: string) => node?.children.find((candidate) => candidate.name === name);
const euros = (value: unknown) => (typeof value === 'number' || (typeof value === 'string' && isAmount(value)) ? toCents(value) / 100 : undefined);

/** The amount the filing declares as prepaid for its period, in euros; undefined where it declares none. */
export function prepayment(body: UstvaFiling): number | undefined {
  if (body.xml !== undefined) {
    const read = readXml(body.xml, { strict: true });
    const steuerfall = read.ok ? child(read.tree, 'Steuerfall') : undefined;
    const text =
      child(child(steuerfall, 'Umsatzsteuervoranmeldung'), 'Kz83')?.text ?? child(child(steuerfall, 'Umsatzsteuersondervorauszahlung'), 'Kz38')?.text;
    return euros(text);
  }
  if (body.type === 'voranmeldung') return euros(body.kennzahlen.kz83);
  if (body.type !== 'sondervorauszahlung') return undefined;
  return euros(body.kennzahlen?.kz38 ?? (body.prepayments_prior_year === undefined ? undefined : kz38From(body.prepayments_prior_year)));
}

// Builds the ELSTER UStVA Nutzdaten: the `Anmeldungssteuern` element that ERiC wraps into its
// envelope. Sources: ELSTER's schemas (docs/sources.md: namespace and version), [G] stesie/geierlein
// chrome/content/lib/geierlein/ustva.js and datenlieferant.js, and Microsoft's ELSTER report
// microsoft/ALAppExtensions Apps/DE/Elster/app/src/Reports/CreateXMLFileVATAdvNotif.Report.al [BC].
//
// - Erstellungsdatum comes before DatenLieferant: [BC] writes that order from the 2021 schema on
//   (older schemas, and [G], had DatenLieferant first).
// - Kz09 carries the Hersteller-ID alone ([G], [BC]).
// - The Kennzahlen, flags included, follow in the schema's order (structure.ts): ascending,
//   but for Kz93 before Kz90; [BC] writes Kz21 between Kz10 and Kz22 to keep it.
// - Bases are whole euros written as integers ("10000", "-250"); tax amounts have a dot and two
//   decimals ("1200.50") ([G] `(+val).toString()` / `toFixed(2)`, [BC] '<Sign><Integer>' and
//   '<precision,2:2>…<comma,.>'). Kz83 is always written ([G] `writeMonetary`, [BC] `i = 83`).
// - Kz70 (from 2025) is a date. No public sample shows it; we write TT.MM.JJJJ, the date format of
//   ELSTER's Nutzdaten elsewhere (digitalservicebund/erica elsterify_fields.py `%d.%m.%Y`).
//   That choice is ours.
// - DatenLieferant: [G] requires Name, Strasse, PLZ and Ort and [BC] always writes them, so ELSTER
//   expects the element; the request schema requires `supplier` with those four.

import { ustvaKennzahlOrder } from '#shared/forms/ustva/structure.ts';
import { buildXml, type XmlElement } from '#shared/xml/xml.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { berlinDate } from '#shared/domain/berlin-date.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import type { UstvaFigures } from '#shared/forms/ustva/model.ts';
import { expectedKz83 } from '#shared/forms/ustva/rules.ts';

export interface UstvaNutzdatenInput {
  year: number;
  period: string;
  /** 13-digit ELSTER format */
  taxNumber: string;
  kennzahlen: Record<string, number | string>;
  flags?: UstvaFigures['flags'];
  supplier?: { name: string; street?: string; postal_code?: string; city?: string; phone?: string; email?: string };
  herstellerId: string;
  createdAt: Date;
}

export const ustvaNamespace = (year: number) => `http://finkonsens.de/elster/elsteranmeldung/ustva/v${year}`;

/** The flag Kennzahlen and the request flag each stands for (the OpenAPI document). */
export const flagKennzahlen = { corrected: '10', documents_separate: '22', direct_debit_revoked: '26', refund_offset: '29' } as const;

/** The element names of DatenLieferant and the supplier field each holds, in schema order. */
export const supplierElements = { Name: 'name', Strasse: 'street', PLZ: 'postal_code', Ort: 'city', Telefon: 'phone', Email: 'email' } as const;

/**
 * The `Anmeldungssteuern` element, without an XML declaration. Expects figures that passed
 * `ustvaFindings`; anything it cannot write faithfully throws rather than be altered.
 */
export function ustvaNutzdaten(input: UstvaNutzdatenInput): string {
  if (!/^\d{13}$/.test(input.taxNumber)) throw new RangeError('the tax number must have 13 digits (ELSTER format)');
  const kz83 = input.kennzahlen.kz83 ?? formatEuros(expectedKz83(input.year, input.kennzahlen));
  const values = new Map<string, string>([
    ['09', input.herstellerId],
    ...kennzahlValues(input.year, { ...input.kennzahlen, kz83 }),
    ...Object.entries(flagKennzahlen)
      .filter(([flag]) => input.flags?.[flag as keyof typeof flagKennzahlen] === true)
      .map(([, kz]): [string, string] => [kz, '1']),
  ]);
  const order = ['09', ...ustvaKennzahlOrder(input.year)];
  const kennzahlen = Object.fromEntries([...values].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([kz, text]) => [`Kz${kz}`, text]));

  return buildXml({
    Anmeldungssteuern: {
      '@_xmlns': ustvaNamespace(input.year),
      '@_version': String(input.year),
      Erstellungsdatum: berlinDate(input.createdAt).replaceAll('-', ''),
      ...(input.supplier ? { DatenLieferant: datenLieferant(input.supplier) } : {}),
      Steuerfall: {
        Umsatzsteuervoranmeldung: {
          Jahr: String(input.year),
          Zeitraum: input.period,
          Steuernummer: input.taxNumber,
          ...kennzahlen,
        },
      },
    },
  });
}

function kennzahlValues(year: number, kennzahlen: Record<string, number | string>): [string, string][] {
  const form = ustvaForm(year);
  if (!form) throw new RangeError(`there is no UStVA form for ${year}`);
  return Object.entries(kennzahlen).map(([key, value]): [string, string] => {
    const kz = key.replace(/^kz/, '');
    const spec = form.get(kz);
    if (!spec) throw new RangeError(`${key} is not a Kennzahl of the ${year} UStVA form`);
    if (spec.kind === 'date') {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) throw new RangeError(`${key} must be a date written YYYY-MM-DD`);
      return [kz, elsterDate(value)];
    }
    if (spec.kind === 'base') {
      if (!isWholeEuros(value)) throw new RangeError(`${key} must be whole euros`);
      return [kz, String(toCents(value) / 100)];
    }
    if (!isAmount(value) || !hasAtMostTwoDecimals(value)) throw new RangeError(`${key} must be an amount with at most two decimals`);
    return [kz, formatEuros(toCents(value))];
  });
}

function datenLieferant(supplier: NonNullable<UstvaNutzdatenInput['supplier']>): XmlElement {
  return Object.fromEntries(
    Object.entries(supplierElements)
      .map(([element, field]) => [element, supplier[field]])
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''),
  );
}

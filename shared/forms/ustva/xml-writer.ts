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

import { ustvaStructure } from '#shared/forms/ustva/structure.ts';
import type { Supplier } from '#shared/forms/anmeldungssteuern.ts';
import { anmeldungssteuernXml, commonFilingValues } from '#shared/forms/anmeldungssteuern-xml.ts';
import { elsterDate } from '#shared/tax/dates.ts';
import { formatEuros, hasAtMostTwoDecimals, isAmount, isWholeEuros, toCents } from '#shared/tax/money.ts';
import { ustvaForm } from '#shared/forms/ustva/kennzahlen.ts';
import type { UstvaFlags } from '#shared/forms/ustva/model.ts';
import type { UstvaType } from '#shared/forms/ustva/facts.ts';
import { expectedKz83 } from '#shared/forms/ustva/rules.ts';

export interface UstvaNutzdatenInput {
  /** The filing to write; a `voranmeldung` unless said otherwise. */
  type?: UstvaType;
  year: number;
  /** A `voranmeldung`'s period. */
  period?: string;
  /** 13-digit ELSTER format */
  taxNumber: string;
  /** A `voranmeldung`'s Kennzahlen, or a `sondervorauszahlung`'s `kz38`. */
  kennzahlen: Record<string, number | string>;
  flags?: UstvaFlags;
  /** From 2025. */
  widnr?: string;
  /** Berater, Mandant, Unternehmer: each its elements in the schema's order. */
  parties?: { Berater?: Record<string, string>; Mandant?: Record<string, string>; Unternehmer?: Record<string, string> };
  supplier?: Supplier;
  herstellerId: string;
  createdAt: Date;
}

export const ustvaNamespace = (year: number) => `http://finkonsens.de/elster/elsteranmeldung/ustva/v${year}`;

/** The flag Kennzahlen and the request flag each stands for (the OpenAPI document). */
export const flagKennzahlen = { corrected: '10', documents_separate: '22', supplementary: '23', direct_debit_revoked: '26', refund_offset: '29' } as const;

/**
 * The `Anmeldungssteuern` element, without an XML declaration. Expects figures that passed
 * `ustvaFindings`; anything it cannot write faithfully throws rather than be altered.
 */
export function ustvaNutzdaten(input: UstvaNutzdatenInput): string {
  const common = commonFilingValues(input, flagKennzahlen);
  const type = input.type ?? 'voranmeldung';
  const values = [...common, ...(input.widnr === undefined ? [] : [['WIdNr', input.widnr] as [string, string]]), ...filingValues(type, input)];
  // Every element in the order of its filing in that year's schema (structure.ts).
  const filing = filingElements[type];
  const order = (ustvaStructure(input.year).children ?? [])
    .find((facts) => facts.name === 'Steuerfall')
    ?.children?.find((facts) => facts.name === filing)?.children;
  return anmeldungssteuernXml({ ...input, namespace: ustvaNamespace(input.year) }, { name: filing, children: order ?? [] }, values);
}

/** The element of Steuerfall each filing is. */
export const filingElements: Readonly<Record<UstvaType, string>> = {
  voranmeldung: 'Umsatzsteuervoranmeldung',
  dauerfristverlaengerung: 'Dauerfristverlaengerung',
  sondervorauszahlung: 'Umsatzsteuersondervorauszahlung',
};

function filingValues(type: UstvaType, input: UstvaNutzdatenInput): [string, string][] {
  if (type === 'dauerfristverlaengerung') return [];
  if (type === 'sondervorauszahlung') {
    const kz38 = input.kennzahlen.kz38;
    if (kz38 === undefined || !isWholeEuros(kz38) || toCents(kz38) < 0) throw new RangeError('kz38 must be whole euros, not negative');
    return [['Kz38', String(toCents(kz38) / 100)]];
  }
  if (input.period === undefined) throw new RangeError('a voranmeldung needs its period');
  const kz83 = input.kennzahlen.kz83 ?? formatEuros(expectedKz83(input.year, input.kennzahlen));
  return [['Zeitraum', input.period], ...kennzahlValues(input.year, { ...input.kennzahlen, kz83 }).map(([kz, text]): [string, string] => [`Kz${kz}`, text])];
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

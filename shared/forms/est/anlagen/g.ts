// Anlage G, per person: profits from trade (§ 15 EStG) as figures the business's own accounts
// found, each business on its line, and the shares in partnerships and communities that their tax
// offices determined (§ 180 Abs. 1 Nr. 2 Buchst. a AO). A loss is a negative amount. For the
// credit of trade tax against income tax (§ 35 EStG), each business's trade tax base amount
// (Gewerbesteuer-Messbetrag, § 14 GewStG) and the trade tax it has to pay, and the maximum amounts
// shares in partnerships held through others bring along (§ 35 Abs. 2 Satz 5 EStG). The further
// businesses' profit and each line's trade tax are computed where a body leaves them out and held
// to their lines where it gives them.
import type { Finding } from '#shared/domain/ticket.ts';
import {
  businessId,
  count,
  expense,
  group,
  income,
  leaf,
  list,
  personLeaf,
  productOf,
  sumOf,
  text,
  total,
  type Anlage,
  type Fields,
} from '#shared/forms/est/anlagen/map.ts';

/** One business's or share's line of § 35 EStG (E10-2022.xsd to E10-2024.xsd: G/St_Erm_P35/Ang_GSt_GMB). */
const tradeTaxLine = (ids: { income: string; allowance: string; base: string; rate: string; tax: string }): Fields => ({
  trade_income: leaf(`Festzus_GMB_VZ/${ids.income}`, income, 'Gewerbeertrag'),
  allowance: leaf(`Festzus_GMB_VZ/${ids.allowance}`, income, 'Freibetrag'),
  base_amount: leaf(`Festzus_GMB_VZ/${ids.base}`, income, 'Gewerbesteuer-Messbetrag'),
  rate: leaf(`Zu_zah_GSt_VZ/${ids.rate}`, count(9999), 'Hebesatz in Prozent'),
  // The base amount times the municipality's rate (§ 16 GewStG), within what the base's rounding to whole euros moves it.
  tax_due: leaf(`Zu_zah_GSt_VZ/${ids.tax}`, expense, 'Zu zahlende Gewerbesteuer', { computed: productOf('base_amount', 'rate', 1 / 100) }),
});

export const gAnlage: Anlage = {
  key: 'trade',
  element: 'G',
  many: 2,
  label: 'Anlage G',
  fields: {
    person: personLeaf,
    businesses: list('Gew/Einz_U/Betr_1_2', 2, {
      kind: leaf('E0800301', text(), 'Art des Gewerbebetriebs'),
      business_id: leaf({ 2022: null, 2024: 'E0800405' }, businessId, 'Wirtschafts-Identifikationsnummer'),
      profit: leaf('E0800302', income, 'Gewinn aus Gewerbebetrieb'),
    }),
    further_businesses: list('Gew/Einz_U/Weit_Betr/Einz', 99, {
      kind: leaf('E0800401', text(), 'Art des weiteren Gewerbebetriebs'),
      business_id: leaf({ 2022: null, 2024: 'E0800604' }, businessId, 'Wirtschafts-Identifikationsnummer'),
      profit: leaf('E0800404', income, 'Gewinn des weiteren Gewerbebetriebs'),
    }),
    further_profit: leaf('Gew/Einz_U/Weit_Betr/Sum/E0800402', income, 'Gewinn weiterer Gewerbebetriebe', { computed: sumOf('further_businesses[].profit') }),
    partnerships: list('Gew/Ges_Fest/Einz', 99, {
      name: leaf('E0800501', text(), 'Gesellschaft, Finanzamt und Steuernummer'),
      tax_office: leaf({ 2022: null, 2023: 'E0800704' }, text(), 'Finanzamt'),
      share: leaf('E0800504', income, 'Anteil an Gewinnen aus Beteiligungen'),
    }),
    partnerships_total: total('Gew/Ges_Fest/Sum/E0800502', ['partnerships', 'share'], 'down'),
    trade_tax: group('St_Erm_P35/Ang_GSt_GMB', {
      // The form's line of the business (E0801605) is left out: a request has no form lines.
      businesses: list('Einz_Betr', 2, tradeTaxLine({ income: 'E0801607', allowance: 'E0801608', base: 'E0801606', rate: 'E0801705', tax: 'E0801704' })),
      further: list('Weit_Betr/Einz', 99, tradeTaxLine({ income: 'E0802007', allowance: 'E0802008', base: 'E0802009', rate: 'E0802104', tax: 'E0802105' })),
      further_base_total: total('Weit_Betr/Sum/Festzus_GMB_VZ/E0801004', ['further', 'base_amount'], 'down'),
      further_tax_total: total('Weit_Betr/Sum/Zu_zah_GSt_VZ/E0801604', ['further', 'tax_due']),
      indirect_shares: list('Se_HB_P35_mitt_Bet/Einz', 99, {
        name: leaf('E0802207', text(), 'Beteiligung'),
        maximum: leaf('E0802208', income, 'Höchstbetrag § 35 EStG (mittelbare Beteiligungen)'),
      }),
      indirect_shares_total: total('Se_HB_P35_mitt_Bet/Sum/E0802205', ['indirect_shares', 'maximum'], 'down'),
    }),
  },
};

type TradeTaxLine = { base_amount?: unknown; tax_due?: unknown };
type Trade = { trade_tax?: { businesses?: TradeTaxLine[]; further?: TradeTaxLine[] } };

/**
 * The credit is 4.0 times the base amount, at most the trade tax actually due (§ 35 Abs. 1 Satz 1
 * Nr. 1 and Satz 5 EStG): a line with the tax due and no base amount cannot be credited.
 */
export function gFindings(body: { trade?: Trade[] }): Finding[] {
  return (body.trade ?? []).flatMap((trade, index) =>
    (['businesses', 'further'] as const).flatMap((kind) =>
      (trade.trade_tax?.[kind] ?? []).flatMap((line, at) =>
        line.tax_due !== undefined && line.base_amount === undefined
          ? [
              {
                path: `trade.${index}.trade_tax.${kind}.${at}.base_amount`,
                code: 'TRADE_TAX_BASE_MISSING',
                message: 'is needed beside `tax_due` (§ 35 Abs. 1 EStG)',
              },
            ]
          : [],
      ),
    ),
  );
}

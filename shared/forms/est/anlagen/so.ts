// Anlage SO: other income (§ 22 EStG): recurring payments (Nr. 1) and the other payments of Nr. 1
// Satz 2, payments to avoid the equalisation of pensions and maintenance received that the payer
// deducts (Nr. 1a), services (Nr. 3: virtual currencies and tokens from 2023, the relief for gas and
// heat of December 2022 in 2023's form), the pay of members of parliament (Nr. 4), models of § 15b
// EStG, and private sales of land, virtual currencies (from 2023) and other assets within the
// holding periods and shares in the sales of partnerships (Nr. 2, § 23 EStG), each per person.
// A sale's gain (§ 23 Abs. 3 EStG: the price less the cost, to which the depreciation is added back,
// less the selling costs) and the sums of the services are computed where a body leaves them out and
// held to their lines where it gives them.
import {
  businessId,
  calendarYear,
  date,
  dates,
  expense,
  income,
  month,
  nonNegativeExpense,
  nonNegativeIncome,
  positiveExpense,
  positiveIncome,
  tally,
  text,
  tick,
  yesNo,
  type Format,
} from '#shared/forms/est/anlagen/formats.ts';
import { from2023, from2024, leaf, list, perPerson, sumOf, total, type Anlage, type Fields } from '#shared/forms/est/anlagen/map.ts';
import { namedWithOffice } from '#shared/forms/est/anlagen/blocks.ts';

/** How a property was used until its sale (E0306301 to E0306306): ticked, from when to when, on how many square metres. */
const use = (ids: readonly [string, string, string], kind: string) => ({
  [`${kind}_use`]: leaf(ids[0], tick('X'), `Nutzung ${kind === 'own' ? 'zu eigenen Wohnzwecken' : 'zu anderen Zwecken'}`),
  [`${kind}_use_period`]: leaf(ids[1], dates, `Zeitraum der Nutzung (${kind === 'own' ? 'eigene Wohnzwecke' : 'andere Zwecke'})`),
  [`${kind}_use_area`]: leaf(ids[2], tally(999_999_999), `Genutzte Fläche in m² (${kind === 'own' ? 'eigene Wohnzwecke' : 'andere Zwecke'})`),
});

/**
 * A private sale (§ 23 EStG) of an asset named as `key`: when it was bought and sold, its price,
 * cost and selling costs, and the gain they leave; ids in that order.
 */
const privateSale = (
  key: string,
  ids: readonly [string, string, string, string, string, string, string],
  labels: { asset: string; price: string; cost: string; sellingCosts: string; gain: string },
  formats: { price: Format; cost: Format },
): Fields => ({
  [key]: leaf(ids[0], text(), labels.asset),
  acquired_on: leaf(ids[1], date, 'Angeschafft am'),
  sold_on: leaf(ids[2], date, 'Veräußert am'),
  price: leaf(ids[3], formats.price, labels.price),
  cost: leaf(ids[4], formats.cost, labels.cost),
  selling_costs: leaf(ids[5], formats.cost, labels.sellingCosts),
  gain: leaf(ids[6], income, labels.gain, { computed: sumOf('price', '-cost', '-selling_costs') }),
});

export const soAnlage: Anlage = {
  key: 'other_income',
  element: 'SO',
  label: 'Anlage SO',
  fields: {
    recurring: perPerson('Wied_Bez', {
      description: leaf('E0304501', text(), 'Art der wiederkehrenden Bezüge'),
      amount: leaf('E0304502', income, 'Einnahmen aus wiederkehrenden Bezügen'),
    }),
    equalisation_received: perPerson('Ausg_L_Verm_Vausg', {
      amount: leaf('E0300515', nonNegativeIncome, 'Ausgleichsleistungen zur Vermeidung des Versorgungsausgleichs'),
    }),
    maintenance_received: perPerson('Unt_Leist', { amount: leaf('E0304601', income, 'Unterhaltsleistungen (Realsplitting)') }),
    recurring_expenses: perPerson('Wk', { amount: leaf('E0304701', expense, 'Werbungskosten zu wiederkehrenden Bezügen') }),
    other_recurring: perPerson('And_Wied_Bez', {
      amount: leaf('E0301906', income, 'Bezüge nach § 22 Nr. 1 Satz 2 EStG'),
      expenses: leaf('E0301916', nonNegativeExpense, 'Werbungskosten zu Bezügen nach § 22 Nr. 1 Satz 2 EStG'),
    }),
    services: perPerson('Leist', {
      virtual_currency: leaf(from2023('Leist_virt_Waehr/E0301006'), tick('1'), 'Einkünfte aus Mining, Staking, Lending oder Airdrops'),
      virtual_currency_income: list(from2023('Leist_virt_Waehr/Einz_virt_Waehr'), 99, {
        description: leaf('E0301118', text(), 'Art der Einnahmen aus virtuellen Währungen oder Token'),
        amount: leaf('E0301121', nonNegativeIncome, 'Einnahmen aus virtuellen Währungen oder Token'),
      }),
      lines: list('Einz', 15, {
        description: leaf('E0305103', text(), 'Art der Leistung'),
        amount: leaf('E0305104', income, 'Einnahmen aus Leistungen'),
      }),
      income_total: leaf('Sum/E0305101', income, 'Summe der Einnahmen aus Leistungen', {
        computed: sumOf('virtual_currency_income[].amount', 'lines[].amount'),
      }),
      expenses: leaf('Sum/E0305201', positiveExpense, 'Werbungskosten zu Leistungen'),
      net: leaf('Sum/E0305301', income, 'Einkünfte aus Leistungen', { computed: sumOf('income_total', '-expenses') }),
      gas_heat_relief: leaf({ 2022: null, 2023: 'Gas_Waerme/E0301714', 2024: null }, nonNegativeIncome, 'Soforthilfe Gas und Wärme (Dezember 2022)'),
      business_id: leaf(from2024('W_IdNr/E0301715'), businessId, 'Wirtschafts-Identifikationsnummer'),
      no_loss_carry_back: leaf('Verl_Abz/E0301514', tick('1'), 'Kein Verlustrücktrag (Leistungen)'),
    }),
    parliament: perPerson('Abgeo_Bez', {
      payments: list('Bezug', 2, {
        amount: leaf('E0305501', income, 'Abgeordnetenbezüge ohne mehrjährige Vergütungen'),
        pensions: leaf('E0305601', positiveIncome, 'Darin Versorgungsbezüge'),
        allowance_basis: leaf('E0311801', income, 'Bemessungsgrundlage des Versorgungsfreibetrags'),
        allowance_year: leaf('E0311701', calendarYear, 'Jahr des Versorgungsbeginns'),
        first_month: leaf('E0311901', month, 'Erster Monat der Versorgungsbezüge'),
        last_month: leaf('E0312101', month, 'Letzter Monat der Versorgungsbezüge'),
        lump_sums: leaf('E0312001', income, 'Sterbegeld, Kapitalauszahlungen und Nachzahlungen von Versorgungsbezügen'),
        multi_year_description: leaf('E0312005', text(), 'Vergütungen für mehrere Jahre, Art'),
        multi_year: leaf('E0312201', income, 'Vergütungen für mehrere Jahre'),
        multi_year_pensions: leaf('E0312301', income, 'Darin Versorgungsbezüge für mehrere Jahre'),
        expenses: leaf('E0312105', nonNegativeExpense, 'Werbungskosten zu Abgeordnetenbezügen'),
        pension_entitlement: leaf('E0312207', yesNo, 'Anwartschaft auf Altersversorgung ohne eigene Beiträge'),
      }),
    }),
    tax_shelter_models: perPerson('Steu_St_Mod', {
      description: leaf('E0312305', text(), 'Gesellschaft oder Modell (§ 15b EStG)'),
      amount: leaf('E0312205', income, 'Einkünfte aus Modellen nach § 15b EStG'),
    }),
    land_sales: perPerson('Priv_VA_G/Grdst', {
      sales: list('Einz', 99, {
        property: leaf('E0306111', text(), 'Grundstück oder Recht'),
        acquired_on: leaf('E0306201', date, 'Angeschafft am'),
        sold_on: leaf('E0306202', date, 'Veräußert am'),
        ...use(['E0306301', 'E0306302', 'E0306303'], 'own'),
        ...use(['E0306304', 'E0306305', 'E0306306'], 'other'),
        price: leaf('E0306401', income, 'Veräußerungspreis (Grundstücke)'),
        cost: leaf('E0306501', expense, 'Anschaffungs- oder Herstellungskosten'),
        depreciation: leaf('E0306601', income, 'Absetzungen für Abnutzung'),
        selling_costs: leaf('E0306701', expense, 'Werbungskosten der Grundstücksveräußerung'),
        gain: leaf('E0306801', income, 'Gewinn / Verlust aus privaten Grundstücksveräußerungen', {
          computed: sumOf('price', '-cost', 'depreciation', '-selling_costs'),
        }),
      }),
    }),
    virtual_currency_sales: perPerson(from2023('Priv_VA_G/Virt_Waehr'), {
      any: leaf('E0304144', tick('1'), 'Veräußerung virtueller Währungen oder Token'),
      sales: list(
        'Einz',
        99,
        privateSale(
          'description',
          ['E0304260', 'E0304309', 'E0304310', 'E0304403', 'E0304506', 'E0304605', 'E0304703'],
          {
            asset: 'Virtuelle Währung oder Token',
            price: 'Veräußerungspreis (virtuelle Währungen)',
            cost: 'Anschaffungskosten (virtuelle Währungen)',
            sellingCosts: 'Werbungskosten der Veräußerung virtueller Währungen',
            gain: 'Gewinn / Verlust aus virtuellen Währungen',
          },
          { price: nonNegativeIncome, cost: nonNegativeExpense },
        ),
      ),
    }),
    other_sales: perPerson('Priv_VA_G/And_WG', {
      sales: list(
        'Einz',
        99,
        privateSale(
          'asset',
          ['E0307101', 'E0307201', 'E0307202', 'E0307401', 'E0307501', 'E0307601', 'E0307701'],
          {
            asset: 'Art des Wirtschaftsguts',
            price: 'Veräußerungspreis (andere Wirtschaftsgüter)',
            cost: 'Anschaffungskosten',
            sellingCosts: 'Werbungskosten der Veräußerung anderer Wirtschaftsgüter',
            gain: 'Gewinn / Verlust aus anderen privaten Veräußerungen',
          },
          { price: income, cost: expense },
        ),
      ),
    }),
    partnership_sales: perPerson('Priv_VA_G/Ant_Ek', {
      shares: list('Einz', 99, {
        ...namedWithOffice(['E0318801', from2023('E0305706'), from2023('E0305707')], 'Gemeinschaft oder Gesellschaft'),
        amount: leaf('E0318802', income, 'Anteil am Gewinn / Verlust aus privaten Veräußerungen'),
      }),
      shares_total: total('Sum/E0318902', ['shares', 'amount'], 'down'),
    }),
    sales_no_loss_carry_back: perPerson('Priv_VA_G/Begr_V_Rue', { applies: leaf('E0305209', tick('1'), 'Kein Verlustrücktrag (private Veräußerungen)') }),
    extraordinary: perPerson('Beg_Ek', {
      description: leaf('P34_Abs2_P24_Nr_1_3/E0315201', text(), 'Entschädigung oder Vergütung (§ 34 Abs. 2 EStG)'),
      amount: leaf('P34_Abs2_P24_Nr_1_3/E0315202', positiveIncome, 'Begünstigte Einkünfte (§ 34 Abs. 2 EStG)'),
    }),
  },
};

// Anlage V, one per property (at most 999): income from letting (§ 21 Abs. 1 Nr. 1 EStG), the
// property, its use and its floor space, its rents line by line (flats, other rooms, relatives) and
// the charges passed on to the tenants (Umlagen) and the other income (from 2023), the depreciation of the building and of movable assets (§ 9 Abs. 1 Satz 3 Nr. 7,
// § 7 EStG), its interest, its maintenance (Erhaltungsaufwand: assigned directly, shared by a
// percentage, or spread over two to five years, § 82b EStDV), administration and other expenses
// (§ 9 EStG), and the sums of income and expenses, the surplus and each spouse's share, which the
// service computes where a body leaves them out and holds to their lines where it gives them. From 2023 each property is an Anlage V of its own; 2022's form holds
// the properties inside one V (E10-2022.xsd: V/Ek_b_Gst), with the surplus before the expenses and
// the kind of depreciation as boxes ticked rather than codes, which `earlier` describes.
import * as z from 'zod/mini';
import {
  area,
  businessId,
  cents,
  decimalOf,
  code,
  date,
  expense,
  income,
  nonNegativeExpense,
  nonNegativeIncome,
  positiveExpense,
  text,
  tick,
  type Format,
  yesNo,
} from '#shared/forms/est/anlagen/formats.ts';
import { group, leaf, list, ratioOf, sumOf, total, type Anlage, type Fields, type Group, type Node } from '#shared/forms/est/anlagen/map.ts';

const percent = decimalOf('a percentage with at most two decimals');
/** Whole square metres (GanzzahlNichtNeg). */
const wholeArea: Format = {
  schema: z.number().check(z.int(), z.minimum(0), z.maximum(999_999_999)),
  shape: 'whole square metres',
  write: (value: number) => String(value),
  read: (value) => (/^(0|[1-9]\d{0,8})$/.test(value) ? Number(value) : undefined),
};
/** Over how many years maintenance is spread (§ 82b EStDV): asked only to compute this year's part. */
const spreadYears: Format = {
  schema: z
    .number()
    .check(z.int(), z.minimum(2, { error: 'must be 2 to 5 years (§ 82b EStDV)' }), z.maximum(5, { error: 'must be 2 to 5 years (§ 82b EStDV)' })),
  shape: 'a whole number of years from 2 to 5',
  write: (value: number) => String(value),
  read: (value) => (/^[2-5]$/.test(value) ? Number(value) : undefined),
};
/** From 2023: 2022's form holds these parts otherwise or not at all. */
const since2023 = (path: string) => ({ 2022: null, 2023: path });
/** Maintenance of an earlier year spread into this one (`Ant_VZ_abz_<part>`, `part` years back): its part assigned directly and that part's sum. */
const spreadPart = (part: number, ids: { direct: string; sum: string }, key: string, year: string): Fields => ({
  [key]: leaf(`Ant_VZ_abz_${part}/Direkt/${ids.direct}`, nonNegativeExpense, `Verteilter Erhaltungsaufwand aus dem ${year}, Anteil dieses Jahres`),
  [`${key}_total`]: leaf(`Ant_VZ_abz_${part}/Sum/${ids.sum}`, nonNegativeExpense, `Verteilter Erhaltungsaufwand aus dem ${year}, abzugsfähig`, {
    computed: sumOf(key),
  }),
});
const methods = { linear: '1', declining: '2' } as const;
const bases = { as_last_year: '1', as_explained: '2' } as const;
const ticked = tick('X');

const fields: Fields = {
  street: leaf('Allg/Lage/E0700407', text(), 'Straße, Hausnummer'),
  postal_code: leaf('Allg/Lage/E0700503', text(12), 'Postleitzahl'),
  city: leaf('Allg/Lage/E0700504', text(), 'Ort'),
  property_tax_reference: leaf(since2023('Allg/Lage/E0700605'), text(17), 'Aktenzeichen laut Grundsteuermessbescheid'),
  acquired_on: leaf('Allg/Lage/E0700102', date, 'Angeschafft am'),
  completed_on: leaf(since2023('Allg/Lage/E0700103'), date, 'Fertiggestellt am'),
  sold_on: leaf(since2023('Allg/Lage/E0700606'), date, 'Veräußert oder übertragen am'),
  business_id: leaf({ 2022: null, 2024: 'Allg/Lage/E0700805' }, businessId, 'Wirtschafts-Identifikationsnummer'),
  holiday_flat: leaf(since2023('Allg/Nutzung/E0700703'), yesNo, 'Als Ferienwohnung genutzt'),
  short_term: leaf(since2023('Allg/Nutzung/E0700705'), yesNo, 'Kurzfristig vermietet'),
  let_to_relatives: leaf(since2023('Allg/Nutzung/E0700704'), yesNo, 'An Angehörige zu Wohnzwecken vermietet'),
  living_space: leaf('Allg/Flaechen/E0700702', wholeArea, 'Gesamtwohnfläche (in m²)'),
  own_use_space: leaf('Allg/Flaechen/E0700104', wholeArea, 'davon eigengenutzt oder unentgeltlich überlassen (in m²)'),
  holiday_space: leaf(since2023('Allg/Flaechen/E0700106'), wholeArea, 'davon als Ferienwohnung genutzt (in m²)'),
  flats: list('Einn/Mieteinn/Whg/Einz', 99, {
    unit: leaf({ 2022: null, 2023: 'E0701202' }, text(), 'Wohneinheit'),
    area: leaf('E0700302', area, 'Wohnfläche (in m²)'),
    rent: leaf('E0700201', income, 'Mieteinnahmen'),
  }),
  flats_total: total('Einn/Mieteinn/Whg/Sum/E0700206', ['flats', 'rent'], 'down'),
  other_rooms: list(since2023('Einn/Mieteinn/And_Raeum/Einz'), 99, {
    unit: leaf('E0701603', text(), 'Einheit'),
    area: leaf('E0701604', area, 'Nutzfläche (in m²)'),
    rent: leaf('E0700401', income, 'Mieteinnahmen für andere Räume'),
  }),
  other_rooms_total: total(since2023('Einn/Mieteinn/And_Raeum/Sum/E0700406'), ['other_rooms', 'rent'], 'down'),
  relatives_unit: leaf(since2023('Einn/Mieteinn/Whg_Angehoe/E0701903'), text(), 'An Angehörige vermietete Wohneinheit'),
  relatives_area: leaf(since2023('Einn/Mieteinn/Whg_Angehoe/E0700603'), area, 'An Angehörige vermietete Wohnfläche (in m²)'),
  relatives_rent: leaf(since2023('Einn/Mieteinn/Whg_Angehoe/E0700604'), income, 'Mieteinnahmen von Angehörigen'),
  allocations: leaf('Einn/Uml/E0700501', nonNegativeIncome, 'Umlagen (laufende Neben- / Betriebskosten)'),
  allocations_settlement: leaf(since2023('Einn/Uml/E0702106'), income, 'Nachzahlungen / Erstattungen von Umlagen'),
  rent_earlier_years: leaf(since2023('Einn/Uml_sonst/E0700601'), income, 'Mieten für frühere Jahre, verrechnete Kautionen, Vorauszahlungen'),
  other_lettings: leaf(since2023('Einn/Uml_sonst/E0700701'), income, 'Vermietung von Garagen, Werbeflächen und Ähnlichem'),
  vat_received: leaf(since2023('Einn/Uml_sonst/E0701602'), income, 'Vereinnahmte Umsatzsteuer'),
  vat_refunded: leaf(since2023('Einn/Uml_sonst/E0701701'), nonNegativeIncome, 'Vom Finanzamt erstattete Umsatzsteuer'),
  income_total: leaf('Einn/Sum/E0701401', income, 'Summe der Einnahmen', {
    computed: sumOf(
      'flats_total',
      'other_rooms_total',
      'relatives_rent',
      'allocations',
      'allocations_settlement',
      'rent_earlier_years',
      'other_lettings',
      'vat_received',
      'vat_refunded',
    ),
  }),
  building_depreciation: list('Wk/AfA_Geb/Direkt', 99, {
    method: leaf('E0703302', code(methods), 'Art der AfA'),
    percent: leaf('E0703303', percent, 'AfA-Satz in Prozent'),
    basis: leaf('E0703304', code(bases), 'AfA-Grundlage'),
    explanation: leaf('E0703305', text(), 'Erläuterung'),
    amount: leaf('E0703306', expense, 'AfA für Gebäude'),
  }),
  building_depreciation_total: total('Wk/AfA_Geb/Sum/E0703511', ['building_depreciation', 'amount']),
  movables_depreciation: list('Wk/AfA_bew_WG/Direkt', 99, {
    basis: leaf('E0704205', code(bases), 'AfA-Grundlage'),
    explanation: leaf('E0704206', text(), 'Einzelangaben'),
    amount: leaf('E0704207', expense, 'AfA für bewegliche Wirtschaftsgüter'),
  }),
  movables_depreciation_total: total('Wk/AfA_bew_WG/Sum/E0703519', ['movables_depreciation', 'amount']),
  interest: list('Wk/Schuldzins/Direkt', 99, { lender: leaf('E0704507', text(), 'Kreditinstitut'), amount: leaf('E0704508', expense, 'Schuldzinsen') }),
  interest_total: total('Wk/Schuldzins/Sum/E0703406', ['interest', 'amount']),
  maintenance_direct: list(since2023('Wk/Erhalt_AW_dir/Einz'), 99, {
    description: leaf('E0703707', text(), 'Erhaltungsaufwand, Bezeichnung'),
    issuer: leaf('E0703708', text(40), 'Rechnungsaussteller'),
    invoice_date: leaf('E0703709', date, 'Rechnungsdatum'),
    amount: leaf('E0704410', nonNegativeExpense, 'Erhaltungsaufwand (direkt zugeordnet), Gesamtbetrag'),
    deductible: leaf('E0703911', nonNegativeExpense, 'Erhaltungsaufwand (direkt zugeordnet), abzugsfähig', { computed: sumOf('amount') }),
  }),
  maintenance_direct_total: total(since2023('Wk/Erhalt_AW_dir/Sum/E0704412'), ['maintenance_direct', 'deductible']),
  maintenance_shared: list(since2023('Wk/Erhalt_AW_verh/Einz'), 99, {
    description: leaf('E0703835', text(), 'Erhaltungsaufwand, Bezeichnung'),
    issuer: leaf('E0703836', text(40), 'Rechnungsaussteller'),
    invoice_date: leaf('E0703837', date, 'Rechnungsdatum'),
    amount: leaf('E0704510', decimalOf('euros and cents, not negative', cents), 'Erhaltungsaufwand (verhältnismäßig zugeordnet), Gesamtbetrag'),
    share: leaf('E0705507', percent, 'abzugsfähiger Anteil (in %)'),
    deductible: leaf('E0703838', nonNegativeExpense, 'Erhaltungsaufwand (verhältnismäßig zugeordnet), abzugsfähig', {
      computed: { product: ['amount', 'share'], factor: 1 / 100 },
    }),
  }),
  maintenance_shared_total: total(since2023('Wk/Erhalt_AW_verh/Sum/E0704513'), ['maintenance_shared', 'deductible']),
  maintenance_spread: group(since2023('Wk/Erhalt_AW_5_J'), {
    expenses: list('Aufw_Einz', 99, {
      amount: leaf('E0704701', nonNegativeExpense, 'Erhaltungsaufwand dieses Jahres (verteilt), Gesamtbetrag'),
      description: leaf('E0703908', text(40), 'Erhaltungsaufwand, Bezeichnung'),
      issuer: leaf('E0703909', text(40), 'Rechnungsaussteller'),
      invoice_date: leaf('E0703910', date, 'Rechnungsdatum'),
    }),
    expenses_total: total('Aufw_Sum/E0703907', ['expenses', 'amount']),
    years: { ...leaf('years', spreadYears, 'Verteilungszeitraum (Jahre)'), unwritten: true },
    this_year: leaf('Aufw_Sum/E0704703', nonNegativeExpense, 'davon in diesem Jahr abzuziehen', { computed: ratioOf('expenses_total', 'years') }),
    direct: leaf('Direkt/E0705702', nonNegativeExpense, 'davon direkt zugeordnet', { computed: sumOf('this_year') }),
    deductible: leaf('Abzb_VZ/E0704708', positiveExpense, 'Erhaltungsaufwand dieses Jahres (verteilt), abzugsfähig', { computed: sumOf('direct') }),
    ...spreadPart(4, { direct: 'E0706003', sum: 'E0704015' }, 'from_fourth_year_before', 'vierten Vorjahr'),
    ...spreadPart(3, { direct: 'E0706301', sum: 'E0704115' }, 'from_third_year_before', 'dritten Vorjahr'),
    ...spreadPart(2, { direct: 'E0706601', sum: 'E0704215' }, 'from_second_year_before', 'zweiten Vorjahr'),
    ...spreadPart(1, { direct: 'E0706901', sum: 'E0704315' }, 'from_year_before', 'Vorjahr'),
  }),
  administration: list(since2023('Wk/Verw_Ko/Direkt'), 99, {
    description: leaf('E0707501', text(), 'Verwaltungskosten, Einzelangaben'),
    amount: leaf('E0707502', expense, 'Verwaltungskosten'),
  }),
  administration_total: total(since2023('Wk/Verw_Ko/Sum/E0705515'), ['administration', 'amount']),
  other_costs: list('Wk/Sonst/Direkt', 99, {
    description: leaf('E0707901', text(), 'Art der Werbungskosten'),
    amount: leaf('E0707902', expense, 'Sonstige Werbungskosten'),
  }),
  other_costs_total: total('Wk/Sonst/Sum/E0705607', ['other_costs', 'amount']),
  expenses_total: leaf('Wk/Se_WK/E0705701', expense, 'Summe der Werbungskosten', {
    computed: sumOf(
      'building_depreciation_total',
      'movables_depreciation_total',
      'interest_total',
      'maintenance_direct_total',
      'maintenance_shared_total',
      'maintenance_spread.deductible',
      'maintenance_spread.from_fourth_year_before_total',
      'maintenance_spread.from_third_year_before_total',
      'maintenance_spread.from_second_year_before_total',
      'maintenance_spread.from_year_before_total',
      'administration_total',
      'other_costs_total',
    ),
  }),
  surplus: leaf('Erm_Zuord_Ek/E0701601', income, 'Überschuss', { computed: sumOf('income_total', '-expenses_total') }),
  share_taxpayer: leaf('Erm_Zuord_Ek/E0701801', income, 'Anteil Person A', { computed: sumOf('surplus', '-share_spouse') }),
  share_spouse: leaf('Erm_Zuord_Ek/E0701802', income, 'Anteil Person B'),
};

/** A field of `own` at another path: 2022's element of the same line. */
const moved = (node: Node | undefined, at: string, fields?: Fields): Node => ({ ...node!, at, ...(fields && { fields }) }) as Node;

/** One property in 2022's shape (E10-2022.xsd: V/Ek_b_Gst), in that schema's order; the totals and the surplus stand where they do from 2023. */
function property2022(own: Fields): Fields {
  const { flats, building_depreciation: building, movables_depreciation: movables, interest, other_costs } = own as Record<string, Group>;
  return {
    street: moved(own.street, 'Allg/E0700407'),
    acquired_on: moved(own.acquired_on, 'Allg/E0700102'),
    postal_code: moved(own.postal_code, 'Allg/E0700503'),
    city: moved(own.city, 'Allg/E0700504'),
    living_space: moved(own.living_space, 'Allg/E0700702'),
    own_use_space: moved(own.own_use_space, 'Allg/E0700104'),
    flats: moved(flats, flats!.at as string, { rent: flats!.fields.rent!, area: flats!.fields.area! }),
    flats_total: own.flats_total!,
    allocations: moved(own.allocations, 'Einn/Uml_sonst/E0700501'),
    income_total: moved(own.income_total, 'Erm_Zuord_Ek/E0701401'),
    surplus: own.surplus!,
    share_taxpayer: own.share_taxpayer!,
    share_spouse: own.share_spouse!,
    building_depreciation: moved(building, 'Wk/AfA_Geb/Einz', {
      linear: leaf('E0703501', ticked, 'linear'),
      declining: leaf('E0703502', ticked, 'degressiv'),
      percent: moved(building!.fields.percent, 'E0703503'),
      as_last_year: leaf('E0703504', ticked, 'wie Vorjahr'),
      as_explained: leaf('E0703505', ticked, 'laut Erläuterung'),
      explanation: moved(building!.fields.explanation, 'E0703301'),
      amount: moved(building!.fields.amount, 'E0703510'),
    }),
    building_depreciation_total: own.building_depreciation_total!,
    movables_depreciation: moved(movables, 'Wk/AfA_bew_WG/Einz', {
      as_last_year: leaf('E0703513', ticked, 'wie Vorjahr'),
      as_explained: leaf('E0703514', ticked, 'laut Erläuterung'),
      explanation: moved(movables!.fields.explanation, 'E0703521'),
      amount: moved(movables!.fields.amount, 'E0703518'),
    }),
    movables_depreciation_total: own.movables_depreciation_total!,
    interest: moved(interest, 'Wk/Schuldzins/Einz', { lender: moved(interest!.fields.lender, 'E0703401'), amount: moved(interest!.fields.amount, 'E0703407') }),
    interest_total: own.interest_total!,
    other_costs: moved(other_costs, 'Wk/Sonst/Einz', {
      description: moved(other_costs!.fields.description, 'E0705601'),
      amount: moved(other_costs!.fields.amount, 'E0705606'),
    }),
    other_costs_total: own.other_costs_total!,
    expenses_total: own.expenses_total!,
  };
}

export const vAnlage: Anlage = {
  key: 'rentals',
  element: 'V',
  many: 999,
  label: 'Anlage V',
  fields,
  earlier: {
    until: 2022,
    fields: { properties: list('Ek_b_Gst', 999, property2022(fields)) },
    toShape: (rentals: Property[]) => ({ properties: rentals.map(to2022) }),
    fromShape: (v: { properties?: Property[] }) => v.properties?.map(from2022),
  },
};

type Line = Record<string, unknown> & { method?: keyof typeof methods; basis?: keyof typeof bases };
type Property = Record<string, unknown> & { building_depreciation?: Line[]; movables_depreciation?: Line[] };

/** A depreciation line's codes as 2022's boxes: `method: "linear"` is the box `linear` ticked. */
const boxes = ({ method, basis, ...line }: Line) => ({ ...line, ...(method && { [method]: true }), ...(basis && { [basis]: true }) });
function codes(line: Record<string, unknown>): Line {
  const { linear, declining, as_last_year, as_explained, ...rest } = line;
  const method = linear ? 'linear' : declining ? 'declining' : undefined;
  const basis = as_last_year ? 'as_last_year' : as_explained ? 'as_explained' : undefined;
  return { ...rest, ...(method && { method }), ...(basis && { basis }) };
}

const mapLines = (property: Property, each: (line: Line) => Line) => ({
  ...property,
  ...(property.building_depreciation && { building_depreciation: property.building_depreciation.map(each) }),
  ...(property.movables_depreciation && { movables_depreciation: property.movables_depreciation.map(each) }),
});
const to2022 = (property: Property) => mapLines(property, boxes);
const from2022 = (property: Property) => mapLines(property, codes);

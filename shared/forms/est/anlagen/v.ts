// Anlage V, one per property (at most 999): income from letting (§ 21 Abs. 1 Nr. 1 EStG), the
// property, its rents line by line, the depreciation of the building and of movable assets
// (§ 9 Abs. 1 Satz 3 Nr. 7, § 7 EStG), its interest and other expenses (§ 9 EStG) and the surplus
// with each spouse's share. From 2023 each property is an Anlage V of its own; 2022's form holds
// the properties inside one V (E10-2022.xsd: V/Ek_b_Gst), with the surplus before the expenses and
// the kind of depreciation as boxes ticked rather than codes, which `earlier` describes.
import {
  cents,
  code,
  date,
  expense,
  income,
  leaf,
  list,
  text,
  tick,
  total,
  type Anlage,
  type Fields,
  type Format,
  type Group,
  type Node,
} from '#shared/forms/est/anlagen/map.ts';

/** A rate in percent with two decimals, as ELSTER writes the depreciation rate ("2,00"): no amount. */
const { amount: _amount, ...decimal } = cents;
const percent: Format = { ...decimal, shape: 'a percentage with at most two decimals' };
const methods = { linear: '1', declining: '2' } as const;
const bases = { as_last_year: '1', as_explained: '2' } as const;
const ticked = tick('X');

const fields: Fields = {
  street: leaf('Allg/Lage/E0700407', text(), 'Straße, Hausnummer'),
  postal_code: leaf('Allg/Lage/E0700503', text(12), 'Postleitzahl'),
  city: leaf('Allg/Lage/E0700504', text(), 'Ort'),
  acquired_on: leaf('Allg/Lage/E0700102', date, 'Angeschafft am'),
  flats: list('Einn/Mieteinn/Whg/Einz', 99, {
    unit: leaf({ 2022: null, 2023: 'E0701202' }, text(), 'Wohneinheit'),
    rent: leaf('E0700201', income, 'Mieteinnahmen'),
  }),
  flats_total: total('Einn/Mieteinn/Whg/Sum/E0700206', ['flats', 'rent'], 'down'),
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
  other_costs: list('Wk/Sonst/Direkt', 99, {
    description: leaf('E0707901', text(), 'Art der Werbungskosten'),
    amount: leaf('E0707902', expense, 'Sonstige Werbungskosten'),
  }),
  other_costs_total: total('Wk/Sonst/Sum/E0705607', ['other_costs', 'amount']),
  expenses_total: leaf('Wk/Se_WK/E0705701', expense, 'Summe der Werbungskosten'),
  surplus: leaf('Erm_Zuord_Ek/E0701601', income, 'Überschuss'),
  share_taxpayer: leaf('Erm_Zuord_Ek/E0701801', income, 'Anteil Person A'),
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
    flats: moved(flats, flats!.at as string, { rent: flats!.fields.rent! }),
    flats_total: own.flats_total!,
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

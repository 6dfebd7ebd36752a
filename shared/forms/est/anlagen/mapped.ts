// The Anlagen described by map.ts, in E10's order, and what the central writer, reader, schema,
// rules and OpenAPI part take from all of them at once. Each Anlage's body field is its `key`.
import type { Finding } from '#shared/domain/ticket.ts';
import type { NamedIdnr } from '#shared/forms/accepted.ts';
import type { XmlElement, XmlNode } from '#shared/xml/xml.ts';
import { agbAnlage } from '#shared/forms/est/anlagen/agb.ts';
import { gAnlage, gFindings } from '#shared/forms/est/anlagen/g.ts';
import { ha35aAnlage, ha35aFindings } from '#shared/forms/est/anlagen/ha-35a.ts';
import { nAusAnlage } from '#shared/forms/est/anlagen/n-aus.ts';
import { kapAnlage } from '#shared/forms/est/anlagen/kap.ts';
import { kapBetAnlage } from '#shared/forms/est/anlagen/kap-bet.ts';
import { kindAnlage, kindFindings } from '#shared/forms/est/anlagen/kind.ts';
import { rAnlage } from '#shared/forms/est/anlagen/r.ts';
import { ravBavAnlage } from '#shared/forms/est/anlagen/rav-bav.ts';
import { sAnlage } from '#shared/forms/est/anlagen/s.ts';
import { saAnlage } from '#shared/forms/est/anlagen/sa.ts';
import { furtherExpenseFindings } from '#shared/forms/est/anlagen/sa-further.ts';
import { soAnlage } from '#shared/forms/est/anlagen/so.ts';
import { em35cAnlage, em35cFindings } from '#shared/forms/est/anlagen/em-35c.ts';
import { sonstAnlage } from '#shared/forms/est/anlagen/sonst.ts';
import { zinsAnlage } from '#shared/forms/est/anlagen/zins.ts';
import { kapIAnlage } from '#shared/forms/est/anlagen/kap-i.ts';
import { ausAnlage } from '#shared/forms/est/anlagen/aus.ts';
import { rAusAnlage } from '#shared/forms/est/anlagen/r-aus.ts';
import { vSonstigeAnlage } from '#shared/forms/est/anlagen/v-sonstige.ts';
import { vFewoAnlage } from '#shared/forms/est/anlagen/v-fewo.ts';
import { mobAnlage } from '#shared/forms/est/anlagen/mob.ts';
import { vAnlage } from '#shared/forms/est/anlagen/v.ts';
import { avAnlage } from '#shared/forms/est/anlagen/av.ts';
import { unterhaltAnlage, unterhaltFindings } from '#shared/forms/est/anlagen/unterhalt.ts';
import { coronaAnlage, coronaFindings } from '#shared/forms/est/anlagen/corona.ts';
import { vorOtherAnlage } from '#shared/forms/est/anlagen/vor-other.ts';
import { vorFurtherAnlage } from '#shared/forms/est/anlagen/vorsorge-further.ts';
import { fwAnlage } from '#shared/forms/est/anlagen/fw.ts';
import {
  anlageSchema,
  fieldDescriptions,
  idnrsIn,
  mapFindings,
  personLeaf,
  protocolRows,
  readAnlage,
  repeatedValues,
  writeAnlage,
  type Anlage,
  type Fields,
  type Row,
} from '#shared/forms/est/anlagen/map.ts';
import { type CompactStructure, constraintsAt } from '#shared/xml/structure.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';

/** In E10's order (E10-2024.xsd: SA, AgB, HA_35a, …, ESt1A_U, Kind, G, S, Corona, N, KAP, KAP_BET, R, RAV_bAV, SO, V, VOR, AV). */
export const mappedAnlagen: readonly Anlage[] = [
  saAnlage,
  agbAnlage,
  ha35aAnlage,
  em35cAnlage,
  sonstAnlage,
  unterhaltAnlage,
  kindAnlage,
  gAnlage,
  zinsAnlage,
  sAnlage,
  coronaAnlage,
  nAusAnlage,
  kapAnlage,
  kapBetAnlage,
  kapIAnlage,
  ausAnlage,
  rAnlage,
  ravBavAnlage,
  rAusAnlage,
  soAnlage,
  vAnlage,
  vFewoAnlage,
  vSonstigeAnlage,
  fwAnlage,
  vorOtherAnlage,
  vorFurtherAnlage,
  avAnlage,
  mobAnlage,
];

/** The forms directly below E10, in the schema's order (E10-2022.xsd to E10-2024.xsd); the writer puts its forms in it. */
export const e10FormOrder = [
  'ESt1A',
  'SA',
  'AgB',
  'HA_35a',
  'EM_35c',
  'Sonst',
  'WA_ESt',
  'ESt1A_U',
  'Kind',
  'L',
  'Anl_34b',
  'G',
  'Zins',
  'S',
  'Corona',
  'N_GRE',
  'N',
  'N_DHH',
  'N_AUS',
  'KAP',
  'KAP_BET',
  'KAP_I',
  'AUS',
  'R',
  'RAV_bAV',
  'R_AUS',
  'SO',
  'V',
  'V_FeWo',
  'V_Sonstige',
  'FW',
  'VOR',
  'AV',
  'Mob',
];

type Body = Record<string, unknown>;
const asBody = (body: EstReturn) => body as unknown as Body;

/** The request schema of each Anlage, by its body field. */
export const mappedSchemas = Object.fromEntries(mappedAnlagen.map((anlage) => [anlage.key, anlageSchema(anlage)]));
export const mappedKeys = mappedAnlagen.map((anlage) => anlage.key);

const earlierShape = (anlage: Anlage) =>
  anlage.earlier ? `. Up to ${anlage.earlier.until} the same fields are written in that year's shape of the form (docs/sources.md)` : '';

/** Whether `fields` hold a list of one item per person (E10's xs:unique of `Person` holds each once). */
const perPersonList = (fields: Fields): boolean =>
  Object.values(fields).some((node) => node.kind === 'group' && ((node.many !== undefined && node.fields.person === personLeaf) || perPersonList(node.fields)));
const oncePerPerson = (anlage: Anlage) =>
  (anlage.many !== undefined && anlage.fields.person === personLeaf) || perPersonList(anlage.fields)
    ? " Each person's once (422 `DUPLICATE_PERSON` at the second one's `person`)."
    : '';

/** What the OpenAPI document says of each Anlage and each of its fields (by path), with the E10 element each fills. */
export const mappedDescriptions = () =>
  Object.fromEntries(
    mappedAnlagen.flatMap((anlage) => [
      [
        anlage.key,
        `${anlage.label} (E10 \`${anlage.element}\`${anlage.many ? `, at most ${anlage.many}` : ''}).${oncePerPerson(anlage)}${earlierShape(anlage)}`,
      ],
      ...Object.entries(fieldDescriptions(anlage)).map(([path, description]) => [`${anlage.key}.${path}`, description]),
    ]),
  );

/**
 * The forms of the body's mapped Anlagen beside `forms` (the writer's own), in E10's order. Where
 * both write one form (SA, AgB, HA_35a, R), the mapped Anlage's replaces the writer's: the rules
 * refuse a body that gives both (`mappedFindings`).
 */
export function withMappedForms(body: EstReturn, forms: Record<string, XmlNode | undefined>): XmlElement {
  const all: Record<string, XmlNode | undefined> = { ...forms };
  for (const anlage of mappedAnlagen) {
    const written = writeAnlage(anlage, asBody(body));
    if (written !== undefined) all[anlage.element] = anlage.part ? inOrder(joined(all[anlage.element], written), anlage.order) : written;
  }
  return Object.fromEntries(e10FormOrder.filter((name) => all[name] !== undefined).map((name) => [name, all[name]!]));
}

const isElement = (node: XmlNode | undefined): node is XmlElement => typeof node === 'object' && !Array.isArray(node);

/** A part's elements joined into the writer's form: the writer's order first, the part's new elements after (where the schema has them last). */
function joined(form: XmlNode | undefined, part: XmlNode): XmlNode {
  if (!isElement(form) || !isElement(part)) return part;
  const result: XmlElement = { ...form };
  for (const [name, node] of Object.entries(part)) result[name] = joined(result[name], node);
  return result;
}

/** A form's children put in the schema's order, where a part says it. */
function inOrder(form: XmlNode, order: readonly string[] | undefined): XmlNode {
  if (!order || !isElement(form)) return form;
  return Object.fromEntries(Object.entries(form).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
}

/** The body's fields of the mapped Anlagen read back from E10, and the elements below them that none carries. */
export function readMapped(root: XmlElement, year: number): { body: Body; unmapped: string[] } {
  const body: Body = {};
  const unmapped: string[] = [];
  for (const anlage of mappedAnlagen) {
    const read = readAnlage(anlage, root, year);
    if (read.value !== undefined) body[anlage.key] = read.value;
    unmapped.push(...read.unmapped);
  }
  return { body, unmapped };
}

// Of SA, the reader shows church tax and donations; the further expenses are shown from the map.
const saFurther: Anlage = {
  ...saAnlage,
  label: `${saAnlage.label}: weitere Aufwendungen`,
  fields: { further_expenses: saAnlage.fields.further_expenses! },
};

/** The protocol's rows of the Anlagen whose amounts the reader does not show already (xml-reader.ts shows SA, AgB, HA_35a and R). */
export const mappedRows = (root: XmlElement, year: number): Row[] => [
  ...protocolRows(saFurther, root, year),
  ...mappedAnlagen.filter((anlage) => !['SA', 'AgB', 'HA_35a', 'R'].includes(anlage.element)).flatMap((anlage) => protocolRows(anlage, root, year)),
];

/** Every IdNr the mapped Anlagen name, each held to the live guard as the parents' are. */
export const mappedIdnrs = (body: EstReturn): NamedIdnr[] => mappedAnlagen.flatMap((anlage) => idnrsIn(anlage, asBody(body)));

const deduction = (body: EstReturn, names: readonly string[]) =>
  names.filter((name) => body.deductions?.[name] !== undefined).map((name) => `deductions.${name}`)[0];

// A field of the request beside the mapped Anlagen, and the mapped Anlage that writes the same form.
const sameForm: readonly { key: string; other: (body: EstReturn) => string | undefined }[] = [
  { key: 'special_expenses', other: (body) => deduction(body, ['church_tax_paid', 'donations']) },
  { key: 'extraordinary_burdens', other: (body) => deduction(body, ['medical_costs']) },
  { key: 'section_35a', other: (body) => deduction(body, ['household_services', 'craftsman_services']) },
  { key: 'pension_income', other: (body) => (body.pensions.length > 0 ? 'pensions' : undefined) },
];

/** The mapped Anlagen's rules: each Anlage's own, the fields its year lacks, and a form given twice. */
export function mappedFindings(body: EstReturn): Finding[] {
  const findings = mappedAnlagen.flatMap((anlage) => mapFindings(anlage, asBody(body)));
  for (const { key, other } of sameForm) {
    const given = asBody(body)[key] === undefined ? undefined : other(body);
    if (given) findings.push({ path: key, code: 'FORM_GIVEN_TWICE', message: `writes the same form as \`${given}\`: give one of them` });
  }
  return [
    ...findings,
    ...kindFindings(body),
    ...ha35aFindings(asBody(body)),
    ...gFindings(asBody(body)),
    ...unterhaltFindings(asBody(body) as Parameters<typeof unterhaltFindings>[0]),
    ...furtherExpenseFindings(body),
    ...coronaFindings(asBody(body) as Parameters<typeof coronaFindings>[0]),
    ...em35cFindings(asBody(body) as Parameters<typeof em35cFindings>[0]),
  ];
}

/**
 * Each Anlage or block given a second time for one person, or for another key ELSTER's schema of the
 * year holds unique among them (xs:unique, which the structure generator reads): the second, by its
 * path in the body. The year's structure is read only for a body that repeats a value at all.
 */
export async function duplicateFindings(body: EstReturn, structureOf: (year: number) => Promise<CompactStructure>): Promise<Finding[]> {
  const repeated = mappedAnlagen.flatMap((anlage) => repeatedValues(anlage, asBody(body)));
  if (repeated.length === 0) return [];
  const structure = await structureOf(body.year);
  return repeated
    .filter(({ parent, selector, field }) => constraintsAt(structure, parent).some((key) => key.selector === selector && key.fields.join() === field))
    .map(({ path, selector, field, written, given, person }) =>
      person
        ? {
            path,
            code: 'DUPLICATE_PERSON',
            message: `names ${String(given)} (${written}) a second time: ELSTER's form takes one ${selector} for each person`,
          }
        : { path, code: 'DUPLICATE_ENTRY', message: `gives ${written} a second time: ELSTER's form takes one ${selector} for each ${field}` },
    );
}

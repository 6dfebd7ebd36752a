// A caller's E10 read back into the structured body (contract §12, `validate?include=body`): each
// form's reader (anlagen/) takes what its fields carry; what they cannot carry yet is found by
// writing the body again and naming every element of the caller's XML that the rewrite lacks.
import type { ReadBack } from '#shared/forms/form.ts';
import type { EstReturn } from '#shared/forms/est/model.ts';
import { parseXml, textOf, type XmlElement, type XmlNode } from '#shared/xml/xml.ts';
import { e10 } from '#shared/forms/est/fields.ts';
import { amountOf, defined, element, field, valuesAt } from '#shared/forms/est/read-parts.ts';
import { estNutzdaten } from '#shared/forms/est/xml-writer.ts';
import { readMainForm } from '#shared/forms/est/anlagen/main-form.ts';
import { readEmployment } from '#shared/forms/est/anlagen/n.ts';
import { readPensions } from '#shared/forms/est/anlagen/r.ts';
import { readProvision } from '#shared/forms/est/anlagen/vorsorge.ts';
import { mappedSchemas, readMapped } from '#shared/forms/est/anlagen/mapped.ts';
import * as z from 'zod/mini';
import { replacedElements } from '#shared/forms/replaced.ts';

// The Vorsatz is the service's own (contract §12): it names the sender from the taxpayer, its own
// Copyright and how the notice comes back; of it only what the body carries is compared, and the
// rest is answered as `replaced`.
const vorsatzCarried = new Set(['StNr', 'Zeitraum', 'ID', 'IDEhefrau']);
const vorsatzSetBySelf = (path: string) => path.startsWith('E10/Vorsatz/') && !vorsatzCarried.has(path.split('/')[2]!);

/**
 * The body's deductions, each read from the sum of its line (the body has one amount per deduction),
 * of the forms whose mapped Anlage (`mapped`) carries nothing: where it does, it carries them line by line.
 */
function readDeductions(root: XmlElement, mapped: Record<string, unknown>): Record<string, string> | undefined {
  const sumAt = (form: string, path: string[]) => amountOf(textOf(valuesAt(element(root[form]) ?? {}, path)[0]));
  const sa = mapped.special_expenses === undefined;
  const agb = mapped.extraordinary_burdens === undefined;
  const ha35a = mapped.section_35a === undefined;
  const deductions = defined({
    church_tax_paid: sa ? sumAt('SA', ['KiSt', 'Gezahlt', 'Sum', e10.churchTaxPaid]) : undefined,
    donations: sa
      ? (sumAt('SA', ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum', e10.donations]) ??
        sumAt('SA', ['Zuw', 'Sp_MB', 'Foerd_st_beg_Zw_Inl', 'Sum_Best', e10.donations]))
      : undefined,
    medical_costs: agb ? sumAt('AgB', ['And_Aufw', 'Krankh', 'Sum', e10.medicalCosts]) : undefined,
    household_services: ha35a ? sumAt('HA_35a', ['St_Erm', 'Hhn_BV_DL', 'Sum', e10.householdServicesTotal]) : undefined,
    craftsman_services: ha35a ? sumAt('HA_35a', ['St_Erm', 'Handw_L', 'Sum', e10.craftsmanServicesTotal]) : undefined,
  });
  return Object.keys(deductions).length > 0 ? (deductions as Record<string, string>) : undefined;
}

/** Every leaf below `node` as "path=value", in document order; the Vorsatz only as far as the body carries it. */
function leaves(node: XmlNode, path: string): string[] {
  if (typeof node === 'string') return [`${path}=${node}`];
  if (Array.isArray(node)) return node.flatMap((entry) => leaves(entry, path));
  return Object.entries(node).flatMap(([name, child]) => {
    if (name.startsWith('@_') || (path === 'E10/Vorsatz' && !vorsatzCarried.has(name))) return [];
    return leaves(child, `${path}/${name}`);
  });
}

/** The paths of the leaves of `original` that `rewritten` lacks (as a multiset: a repeated line counts each time). */
function missing(original: string[], rewritten: string[]): string[] {
  const left = new Map<string, number>();
  for (const leaf of rewritten) left.set(leaf, (left.get(leaf) ?? 0) + 1);
  const paths = new Set<string>();
  for (const leaf of original) {
    const count = left.get(leaf) ?? 0;
    if (count > 0) left.set(leaf, count - 1);
    // Only the path: the value may be an amount or an IdNr, which a response names nowhere else.
    else paths.add(leaf.slice(0, leaf.indexOf('=')));
  }
  return [...paths];
}

/** A caller's E10 (already checked against its year's schema) as the structured body, and what it cannot carry. */
export async function readBackEst(xml: string): Promise<ReadBack> {
  const parsed = parseXml(xml);
  if (!parsed.ok) return { body: {}, unmapped: ['E10'], replaced: [] };
  const root = parsed.element;
  const year = Number(root['@_version']);
  const vorsatz = element(root.Vorsatz);
  const personA = element(element(element(root.ESt1A)?.Allg)?.A);
  // The mapped Anlagen carry SA, AgB, HA_35a and R line by line, so their sums and statutory pensions are not read twice.
  const { pension_income, ...mapped } = readMapped(root, year).body;
  // The mapped Anlage R takes 15 lines a person, as E10 does until 2023; from 2024 E10 takes 99, and
  // `pensions` (20 in all) carries more of the statutory ones.
  const asPensions = pension_income === undefined || !z.safeParse(mappedSchemas.pension_income!, pension_income).success;
  const body = defined({
    year,
    tax_number: field(vorsatz, 'StNr'),
    ...readMainForm(root, { taxpayer: field(vorsatz, 'ID') ?? field(personA, 'E0100081'), spouse: field(vorsatz, 'IDEhefrau') }),
    ...readEmployment(root, year),
    pensions: asPensions ? readPensions(root) : [],
    ...(!asPensions && { pension_income }),
    deductions: readDeductions(root, mapped),
    ...readProvision(root),
    ...mapped,
  }) as Partial<EstReturn>;
  return { body, unmapped: notCarried(root, body), replaced: replacedElements(xml, vorsatzSetBySelf) };
}

function notCarried(root: XmlElement, body: Partial<EstReturn>): string[] {
  const original = leaves(root, 'E10');
  try {
    const rewritten = parseXml(
      estNutzdaten({ test: true, joint_assessment: false, employment: [], pensions: [], ...body } as EstReturn, {
        herstellerId: '00000',
        createdAt: new Date(0),
      }),
    );
    return rewritten.ok ? missing(original, leaves(rewritten.element, 'E10')) : missing(original, []);
  } catch {
    // A return without the taxpayer's name or birth date cannot be written: nothing of it is carried.
    return missing(original, []);
  }
}

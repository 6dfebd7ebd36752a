// How many of E10's fields (the elements with an E-number) the structured body of the income tax
// return reaches, per Anlage and year: every field of a year's schema (its structure generated from
// shared/elster/schemas/E10-<year>.xsd, shared/forms/est/structure/) against every field the writer
// puts into the XML of the XSD suite's bodies (test/oracle/matrix.ts), which are generated from the
// declarative field map (shared/forms/est/anlagen/map.ts) and the request schema of the
// hand-written parts. A field counts once per Anlage, however often it repeats.
import { loadForm } from '#shared/forms/load.ts';
import { readStructure, type CompactStructure } from '#shared/xml/structure.ts';
import { assessments, estBodies } from '#test/oracle/matrix.ts';

export const countedYears = [2022, 2023, 2024, 2025] as const;
/** 2025 is written on the 2024 schema (docs/sources.md). */
const schemaYear = (year: number) => Math.min(year, 2024);

const fieldName = /^E\d{7}$/;

/** Each Anlage below E10 with the E-numbers below it, in the schema's order. */
export function schemaFields(year: number): Map<string, Set<string>> {
  const structure: CompactStructure = readStructure(new URL(`../../shared/forms/est/structure/e10-${schemaYear(year)}.json`, import.meta.url));
  const children = (type: number) => {
    const text = structure.types[type];
    if (typeof text !== 'string') return [];
    const [, list = ''] = text.split('|');
    return list
      .split(' ')
      .filter(Boolean)
      .map((particle) => {
        const [name, rest = ''] = particle.split('.');
        return { name: name!, type: parseInt(rest.replace(/[!*+].*$/, ''), 36) };
      });
  };
  const collect = (type: number, into: Set<string>, seen: Set<number>) => {
    if (seen.has(type)) return;
    seen.add(type);
    for (const child of children(type)) {
      if (fieldName.test(child.name)) into.add(child.name);
      collect(child.type, into, seen);
    }
  };
  const anlagen = new Map<string, Set<string>>();
  for (const anlage of children(structure.type)) {
    const fields = new Set<string>();
    collect(anlage.type, fields, new Set());
    if (fields.size > 0) anlagen.set(anlage.name, fields);
  }
  return anlagen;
}

/** The E-numbers the writer puts below each Anlage for the XSD suite's bodies of `year`. */
export async function writtenFields(year: number): Promise<Map<string, Set<string>>> {
  const form = await loadForm('est');
  const written = new Map<string, Set<string>>();
  const context = { today: '2026-11-24', liveSubmissionsAllowed: false };
  for (const { name, body } of assessments.flatMap((assessment) => estBodies(year, assessment))) {
    const checked = await form.check(body, context);
    if (!checked.filing) throw new Error(`${name} is refused by the check: ${JSON.stringify(checked.findings)}`);
    const xml = form.nutzdaten(checked.filing.body as never, { herstellerId: '74931', createdAt: new Date('2026-11-24T09:00:00Z') });
    collectWritten(xml, written);
  }
  return written;
}

/** The E-numbers of an E10 document by the Anlage (E10's child) they stand in. */
function collectWritten(xml: string, into: Map<string, Set<string>>) {
  const stack: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([\w.:-]+)[^>]*?(\/?)>/g)) {
    if (closing) stack.pop();
    else {
      const e10 = stack.indexOf('E10');
      const anlage = e10 >= 0 ? stack[e10 + 1] : undefined;
      if (anlage && fieldName.test(name!)) {
        if (!into.has(anlage)) into.set(anlage, new Set());
        into.get(anlage)!.add(name!);
      }
      if (!selfClosing) stack.push(name!);
    }
  }
}

export interface AnlageCount {
  anlage: string;
  fields: number;
  reached: number;
}

// Writing every body of a year is the generator's whole cost: the page and the test of its totals
// ask for the same years, so each is counted once.
const counted = new Map<number, Promise<AnlageCount[]>>();

/** Per Anlage of the year's schema: its fields and how many of them the body reaches. */
export function fieldCounts(year: number): Promise<AnlageCount[]> {
  let counts = counted.get(year);
  if (!counts) counted.set(year, (counts = countFields(year)));
  return counts;
}

async function countFields(year: number): Promise<AnlageCount[]> {
  const written = await writtenFields(year);
  return [...schemaFields(year)].map(([anlage, fields]) => ({
    anlage,
    fields: fields.size,
    reached: [...fields].filter((field) => written.get(anlage)?.has(field)).length,
  }));
}

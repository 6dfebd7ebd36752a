// The Anlage EÜR as ELSTER's Nutzdaten element: E77 of the year's schema, its parts written from the
// body and the Vorsatz's identifying elements from the request (shared/forms/element-nutzdaten.ts),
// with the totals the body leaves out computed (totals.ts) and written where the schema has them.
import type { Finding } from '#shared/domain/ticket.ts';
import { bodyName, type ElementParts, elementPaths } from '#shared/forms/element-body.ts';
import { writeElement } from '#shared/forms/element-nutzdaten.ts';
import type { EuerFiling } from '#shared/forms/euer/schema.ts';
import { e77 } from '#shared/forms/euer/structure.ts';
import { euerTotals } from '#shared/forms/euer/totals.ts';
import { formatEuros } from '#shared/tax/money.ts';
import { readXml } from '#shared/xml/xml.ts';

const partsOf = (body: EuerFiling): ElementParts => ({
  euer: body.euer,
  aveuer: body.aveuer,
  sz: body.sz,
  se: body.se,
  avse: body.avse,
  er: body.er,
  lu_f: body.lu_f,
  vorsatz: body.vorsatz,
});

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `parts` with each of `amounts` set at its element's place, groups copied on the way so that the body stays as it came. */
function withAmounts(parts: ElementParts, amounts: ReadonlyMap<string, number>, year: number): ElementParts {
  const pathOf = elementPaths(e77.structure(year));
  const copy: ElementParts = { ...parts };
  for (const [element, cents] of amounts) {
    const keys = (pathOf(element) ?? []).map(bodyName);
    let node: Record<string, unknown> = copy;
    for (const key of keys.slice(0, -1)) {
      const next: Record<string, unknown> = isObject(node[key]) ? { ...node[key] } : {};
      node[key] = next;
      node = next;
    }
    if (keys.length > 0) node[keys.at(-1)!] = formatEuros(cents);
  }
  return copy;
}

/**
 * The E77 element of a body, and what the body has that E77 does not (at its body path). A total the
 * body leaves out is written as it computes (totals.ts), one it gives is checked by the rules.
 */
export function euerXml(body: EuerFiling, createdAt: Date): { xml: string; findings: Finding[] } {
  const parts = partsOf(body);
  const written = writeElement(e77, body, parts, createdAt);
  const read = written.findings.length > 0 ? undefined : readXml(written.xml);
  if (!read?.ok) return written;
  const { computed } = euerTotals(read.tree, e77.structure(body.year), (names) => names.join('/'));
  return computed.size === 0 ? written : writeElement(e77, body, withAmounts(parts, computed, body.year), createdAt);
}

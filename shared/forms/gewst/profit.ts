// The profit a trade tax return declares, for hints that compare it with the other returns of the
// same business (the EÜR's, the corporation's): Gewinn aus Gewerbebetrieb, GewSt 1A line
// E4001703 (E20-2021.xsd to E20-2024.xsd), in whole euros.
import { readXml, type XmlTree } from '#shared/xml/xml.ts';
import type { GewstFiling } from '#shared/forms/gewst/schema.ts';

const child = (node: XmlTree | undefined, name: string) => node?.children.find((candidate) => candidate.name === name);

/** The profit of a filing body in euros, from its fields or its XML; undefined where it declares none. */
export function profit(body: GewstFiling): number | undefined {
  if (body.xml !== undefined) {
    const read = readXml(body.xml, { strict: true });
    const text = read.ok ? child(child(child(read.tree, 'GewSt1A'), 'Gewinn'), 'E4001703')?.text : undefined;
    return text !== undefined && /^-?\d+$/.test(text) ? Number(text) : undefined;
  }
  const gewinn = (body.gew_st1a as { gewinn?: { e4001703?: unknown } } | undefined)?.gewinn?.e4001703;
  if (typeof gewinn === 'number' && Number.isSafeInteger(gewinn)) return gewinn;
  return typeof gewinn === 'string' && /^-?\d{1,15}$/.test(gewinn) ? Number(gewinn) : undefined;
}
